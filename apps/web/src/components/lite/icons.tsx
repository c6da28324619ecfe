/**
 * The icons of the antd-free shell and login page: antd's own icon drawings (@ant-design/icons-svg,
 * the data @ant-design/icons draws), rendered with the same markup (`span.anticon[role=img]` around
 * the svg) but without @ant-design/icons' runtime (its context, style injection and colour
 * helpers), so /login downloads only the paths it draws (issue 16). The signed-in pages keep using
 * @ant-design/icons; `.anticon` is styled in styles.css for these.
 */
import CheckCircleFilledSvg from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CheckOutlinedSvg from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlinedSvg from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilledSvg from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import EyeInvisibleOutlinedSvg from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlinedSvg from '@ant-design/icons-svg/es/asn/EyeOutlined';
import GlobalOutlinedSvg from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import InfoCircleFilledSvg from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LockOutlinedSvg from '@ant-design/icons-svg/es/asn/LockOutlined';
import ReloadOutlinedSvg from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import StopOutlinedSvg from '@ant-design/icons-svg/es/asn/StopOutlined';
import UserOutlinedSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import WarningFilledSvg from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { type HTMLAttributes, createElement } from 'react';

export type LiteIconProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children'>;

function draw(node: AbstractNode, key?: number): React.ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map((child, i) => draw(child, i)));
}

/** A component drawing `def` as @ant-design/icons does (outlined and filled drawings). */
export function liteIcon(def: IconDefinition) {
  const node = typeof def.icon === 'function' ? def.icon('currentColor', 'currentColor') : def.icon;
  function LiteIcon({ className, ...rest }: LiteIconProps) {
    return (
      // Decorative unless given an aria-label, as components/icons (antd's English name, "eye", is
      // not read out inside the button it decorates).
      <span role="img" aria-hidden={rest['aria-label'] ? undefined : true} {...rest} className={`anticon anticon-${def.name}${className ? ` ${className}` : ''}`}>
        {createElement(
          'svg',
          { ...node.attrs, 'data-icon': def.name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' },
          node.children?.map((child, i) => draw(child, i)),
        )}
      </span>
    );
  }
  LiteIcon.displayName = `LiteIcon(${def.name})`;
  return LiteIcon;
}

export const CheckCircleFilled = liteIcon(CheckCircleFilledSvg);
export const CheckOutlined = liteIcon(CheckOutlinedSvg);
export const CloseCircleFilled = liteIcon(CloseCircleFilledSvg);
export const CloseOutlined = liteIcon(CloseOutlinedSvg);
export const ExclamationCircleFilled = liteIcon(ExclamationCircleFilledSvg);
export const EyeInvisibleOutlined = liteIcon(EyeInvisibleOutlinedSvg);
export const EyeOutlined = liteIcon(EyeOutlinedSvg);
export const GlobalOutlined = liteIcon(GlobalOutlinedSvg);
export const InfoCircleFilled = liteIcon(InfoCircleFilledSvg);
export const LockOutlined = liteIcon(LockOutlinedSvg);
export const ReloadOutlined = liteIcon(ReloadOutlinedSvg);
export const StopOutlined = liteIcon(StopOutlinedSvg);
export const UserOutlined = liteIcon(UserOutlinedSvg);
export const WarningFilled = liteIcon(WarningFilledSvg);
