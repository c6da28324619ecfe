import {
  AppstoreOutlined,
  BellOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  FileSearchOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  KeyOutlined,
  MailOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '../../components/icons';

/**
 * The menu's icons, by the name the route table gives. The route table names them rather than
 * holding the elements, so that the icons come with the menu (the layout and Home), not with the
 * entry every page, the login page too, downloads first.
 */
const MENU_ICONS = {
  home: HomeOutlined,
  cloudUpload: CloudUploadOutlined,
  cloudServer: CloudServerOutlined,
  videoCamera: VideoCameraOutlined,
  safetyCertificate: SafetyCertificateOutlined,
  team: TeamOutlined,
  appstore: AppstoreOutlined,
  tool: ToolOutlined,
  control: ControlOutlined,
  key: KeyOutlined,
  global: GlobalOutlined,
  bell: BellOutlined,
  gift: GiftOutlined,
  wallet: WalletOutlined,
  setting: SettingOutlined,
  fileSearch: FileSearchOutlined,
  mail: MailOutlined,
  rise: RiseOutlined,
};

export type MenuIconName = keyof typeof MENU_ICONS;

/**
 * Decorative: the entry's text names it. antd labels an icon with its English file name
 * ("cloud-upload"), which a screen reader would read before the entry, in every language.
 */
export function MenuIcon({ name }: { name: MenuIconName }) {
  const Icon = MENU_ICONS[name];
  return <Icon aria-hidden="true" />;
}
