/** Tables of the partner network: invitations, registration audits, remote-access grants. */
export {};
