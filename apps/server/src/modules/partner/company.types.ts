import type { Company } from '@portal/contract';

export type CompanyType = Company['type'];
export type CompanyStatus = Company['status'];
