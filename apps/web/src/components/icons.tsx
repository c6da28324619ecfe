/**
 * The icons of the signed-in pages: @ant-design/icons, decorative by default. antd names every
 * icon with its English file name (role="img" aria-label="eye"), which a screen reader reads inside
 * the button or menu entry it decorates, in every language ("eye Details", "rocket 发布"): here an
 * icon is aria-hidden, and the element it sits in is named by its text or its own aria-label (an
 * icon-only button takes `aria-label={t(...)}`). An icon that means something on its own is given
 * an `aria-label` (translated), and then keeps its role="img". Import icons from here, never from
 * @ant-design/icons (lint rule in eslint.config.js); add an icon below when a screen needs one.
 */
import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';
import {
  ApartmentOutlined as AntApartmentOutlined,
  AppstoreOutlined as AntAppstoreOutlined,
  ArrowDownOutlined as AntArrowDownOutlined,
  ArrowLeftOutlined as AntArrowLeftOutlined,
  ArrowUpOutlined as AntArrowUpOutlined,
  AuditOutlined as AntAuditOutlined,
  BellOutlined as AntBellOutlined,
  CalculatorOutlined as AntCalculatorOutlined,
  CaretRightOutlined as AntCaretRightOutlined,
  CheckCircleFilled as AntCheckCircleFilled,
  CloseCircleFilled as AntCloseCircleFilled,
  CloseOutlined as AntCloseOutlined,
  CloudServerOutlined as AntCloudServerOutlined,
  CloudUploadOutlined as AntCloudUploadOutlined,
  ControlOutlined as AntControlOutlined,
  CopyOutlined as AntCopyOutlined,
  DeleteOutlined as AntDeleteOutlined,
  DownOutlined as AntDownOutlined,
  DownloadOutlined as AntDownloadOutlined,
  EditOutlined as AntEditOutlined,
  EnvironmentOutlined as AntEnvironmentOutlined,
  ExclamationCircleFilled as AntExclamationCircleFilled,
  ExportOutlined as AntExportOutlined,
  EyeInvisibleOutlined as AntEyeInvisibleOutlined,
  EyeOutlined as AntEyeOutlined,
  FileExcelOutlined as AntFileExcelOutlined,
  FileSearchOutlined as AntFileSearchOutlined,
  FileTextOutlined as AntFileTextOutlined,
  FileZipOutlined as AntFileZipOutlined,
  GiftOutlined as AntGiftOutlined,
  GlobalOutlined as AntGlobalOutlined,
  HddOutlined as AntHddOutlined,
  HomeOutlined as AntHomeOutlined,
  IdcardOutlined as AntIdcardOutlined,
  ImportOutlined as AntImportOutlined,
  InboxOutlined as AntInboxOutlined,
  KeyOutlined as AntKeyOutlined,
  LoadingOutlined as AntLoadingOutlined,
  LockOutlined as AntLockOutlined,
  LogoutOutlined as AntLogoutOutlined,
  MailOutlined as AntMailOutlined,
  MenuFoldOutlined as AntMenuFoldOutlined,
  MenuUnfoldOutlined as AntMenuUnfoldOutlined,
  MoreOutlined as AntMoreOutlined,
  PauseOutlined as AntPauseOutlined,
  PhoneOutlined as AntPhoneOutlined,
  PictureOutlined as AntPictureOutlined,
  PlusOutlined as AntPlusOutlined,
  RedoOutlined as AntRedoOutlined,
  ReloadOutlined as AntReloadOutlined,
  RightOutlined as AntRightOutlined,
  RiseOutlined as AntRiseOutlined,
  RocketOutlined as AntRocketOutlined,
  SafetyCertificateOutlined as AntSafetyCertificateOutlined,
  SafetyOutlined as AntSafetyOutlined,
  SearchOutlined as AntSearchOutlined,
  CommentOutlined as AntCommentOutlined,
  PaperClipOutlined as AntPaperClipOutlined,
  SendOutlined as AntSendOutlined,
  SettingOutlined as AntSettingOutlined,
  ShopOutlined as AntShopOutlined,
  StopOutlined as AntStopOutlined,
  SyncOutlined as AntSyncOutlined,
  TeamOutlined as AntTeamOutlined,
  ToolOutlined as AntToolOutlined,
  UndoOutlined as AntUndoOutlined,
  UploadOutlined as AntUploadOutlined,
  UserAddOutlined as AntUserAddOutlined,
  UserOutlined as AntUserOutlined,
  VideoCameraOutlined as AntVideoCameraOutlined,
  WalletOutlined as AntWalletOutlined,
} from '@ant-design/icons';
import { type ForwardRefExoticComponent, forwardRef, type RefAttributes } from 'react';

type IconComponent = ForwardRefExoticComponent<Omit<AntdIconProps, 'ref'> & RefAttributes<HTMLSpanElement>>;

/** `Icon`, hidden from assistive technology unless given an aria-label. */
export function decorative(Icon: IconComponent): IconComponent {
  const Decorative = forwardRef<HTMLSpanElement, Omit<AntdIconProps, 'ref'>>((props, ref) => (
    <Icon aria-hidden={props['aria-label'] ? undefined : true} {...props} ref={ref} />
  ));
  Decorative.displayName = `Decorative(${Icon.displayName ?? 'Icon'})`;
  return Decorative;
}

export const ApartmentOutlined = /* @__PURE__ */ decorative(AntApartmentOutlined);
export const AppstoreOutlined = /* @__PURE__ */ decorative(AntAppstoreOutlined);
export const ArrowDownOutlined = /* @__PURE__ */ decorative(AntArrowDownOutlined);
export const ArrowLeftOutlined = /* @__PURE__ */ decorative(AntArrowLeftOutlined);
export const ArrowUpOutlined = /* @__PURE__ */ decorative(AntArrowUpOutlined);
export const AuditOutlined = /* @__PURE__ */ decorative(AntAuditOutlined);
export const BellOutlined = /* @__PURE__ */ decorative(AntBellOutlined);
export const CalculatorOutlined = /* @__PURE__ */ decorative(AntCalculatorOutlined);
export const CaretRightOutlined = /* @__PURE__ */ decorative(AntCaretRightOutlined);
export const CheckCircleFilled = /* @__PURE__ */ decorative(AntCheckCircleFilled);
export const CloseCircleFilled = /* @__PURE__ */ decorative(AntCloseCircleFilled);
export const CloseOutlined = /* @__PURE__ */ decorative(AntCloseOutlined);
export const CloudServerOutlined = /* @__PURE__ */ decorative(AntCloudServerOutlined);
export const CloudUploadOutlined = /* @__PURE__ */ decorative(AntCloudUploadOutlined);
export const ControlOutlined = /* @__PURE__ */ decorative(AntControlOutlined);
export const CopyOutlined = /* @__PURE__ */ decorative(AntCopyOutlined);
export const DeleteOutlined = /* @__PURE__ */ decorative(AntDeleteOutlined);
export const DownOutlined = /* @__PURE__ */ decorative(AntDownOutlined);
export const DownloadOutlined = /* @__PURE__ */ decorative(AntDownloadOutlined);
export const EditOutlined = /* @__PURE__ */ decorative(AntEditOutlined);
export const EnvironmentOutlined = /* @__PURE__ */ decorative(AntEnvironmentOutlined);
export const ExclamationCircleFilled = /* @__PURE__ */ decorative(AntExclamationCircleFilled);
export const ExportOutlined = /* @__PURE__ */ decorative(AntExportOutlined);
export const EyeInvisibleOutlined = /* @__PURE__ */ decorative(AntEyeInvisibleOutlined);
export const EyeOutlined = /* @__PURE__ */ decorative(AntEyeOutlined);
export const FileExcelOutlined = /* @__PURE__ */ decorative(AntFileExcelOutlined);
export const FileSearchOutlined = /* @__PURE__ */ decorative(AntFileSearchOutlined);
export const FileTextOutlined = /* @__PURE__ */ decorative(AntFileTextOutlined);
export const FileZipOutlined = /* @__PURE__ */ decorative(AntFileZipOutlined);
export const GiftOutlined = /* @__PURE__ */ decorative(AntGiftOutlined);
export const GlobalOutlined = /* @__PURE__ */ decorative(AntGlobalOutlined);
export const HddOutlined = /* @__PURE__ */ decorative(AntHddOutlined);
export const HomeOutlined = /* @__PURE__ */ decorative(AntHomeOutlined);
export const IdcardOutlined = /* @__PURE__ */ decorative(AntIdcardOutlined);
export const ImportOutlined = /* @__PURE__ */ decorative(AntImportOutlined);
export const InboxOutlined = /* @__PURE__ */ decorative(AntInboxOutlined);
export const KeyOutlined = /* @__PURE__ */ decorative(AntKeyOutlined);
export const LoadingOutlined = /* @__PURE__ */ decorative(AntLoadingOutlined);
export const LockOutlined = /* @__PURE__ */ decorative(AntLockOutlined);
export const LogoutOutlined = /* @__PURE__ */ decorative(AntLogoutOutlined);
export const MailOutlined = /* @__PURE__ */ decorative(AntMailOutlined);
export const MenuFoldOutlined = /* @__PURE__ */ decorative(AntMenuFoldOutlined);
export const MenuUnfoldOutlined = /* @__PURE__ */ decorative(AntMenuUnfoldOutlined);
export const MoreOutlined = /* @__PURE__ */ decorative(AntMoreOutlined);
export const PauseOutlined = /* @__PURE__ */ decorative(AntPauseOutlined);
export const PhoneOutlined = /* @__PURE__ */ decorative(AntPhoneOutlined);
export const PictureOutlined = /* @__PURE__ */ decorative(AntPictureOutlined);
export const PlusOutlined = /* @__PURE__ */ decorative(AntPlusOutlined);
export const RedoOutlined = /* @__PURE__ */ decorative(AntRedoOutlined);
export const ReloadOutlined = /* @__PURE__ */ decorative(AntReloadOutlined);
export const RightOutlined = /* @__PURE__ */ decorative(AntRightOutlined);
export const RiseOutlined = /* @__PURE__ */ decorative(AntRiseOutlined);
export const RocketOutlined = /* @__PURE__ */ decorative(AntRocketOutlined);
export const SafetyCertificateOutlined = /* @__PURE__ */ decorative(AntSafetyCertificateOutlined);
export const SafetyOutlined = /* @__PURE__ */ decorative(AntSafetyOutlined);
export const SearchOutlined = /* @__PURE__ */ decorative(AntSearchOutlined);
export const CommentOutlined = /* @__PURE__ */ decorative(AntCommentOutlined);
export const PaperClipOutlined = /* @__PURE__ */ decorative(AntPaperClipOutlined);
export const SendOutlined = /* @__PURE__ */ decorative(AntSendOutlined);
export const SettingOutlined = /* @__PURE__ */ decorative(AntSettingOutlined);
export const ShopOutlined = /* @__PURE__ */ decorative(AntShopOutlined);
export const StopOutlined = /* @__PURE__ */ decorative(AntStopOutlined);
export const SyncOutlined = /* @__PURE__ */ decorative(AntSyncOutlined);
export const TeamOutlined = /* @__PURE__ */ decorative(AntTeamOutlined);
export const ToolOutlined = /* @__PURE__ */ decorative(AntToolOutlined);
export const UndoOutlined = /* @__PURE__ */ decorative(AntUndoOutlined);
export const UploadOutlined = /* @__PURE__ */ decorative(AntUploadOutlined);
export const UserAddOutlined = /* @__PURE__ */ decorative(AntUserAddOutlined);
export const UserOutlined = /* @__PURE__ */ decorative(AntUserOutlined);
export const VideoCameraOutlined = /* @__PURE__ */ decorative(AntVideoCameraOutlined);
export const WalletOutlined = /* @__PURE__ */ decorative(AntWalletOutlined);
