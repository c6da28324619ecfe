/**
 * Icons only the registration and password-finding forms draw, in a module of their own: the icons
 * the login page draws (lite/icons) are what /login downloads, and these stay out of it (issue 16).
 */
import MailOutlinedSvg from '@ant-design/icons-svg/es/asn/MailOutlined';
import SafetyOutlinedSvg from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import ShopOutlinedSvg from '@ant-design/icons-svg/es/asn/ShopOutlined';
import { liteIcon } from './icons';

export const MailOutlined = liteIcon(MailOutlinedSvg);
export const SafetyOutlined = liteIcon(SafetyOutlinedSvg);
export const ShopOutlined = liteIcon(ShopOutlinedSvg);
