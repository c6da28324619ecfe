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
  return createElement(
    node.tag,
    { key, ...node.attrs },
    node.children?.map((child, i) => draw(child, i)),
  );
}

/** A component drawing `def` as @ant-design/icons does (outlined and filled drawings). */
export function liteIcon(def: IconDefinition) {
  const node = typeof def.icon === 'function' ? def.icon('currentColor', 'currentColor') : def.icon;
  function LiteIcon({ className, ...rest }: LiteIconProps) {
    return (
      // Decorative unless given an aria-label, as components/icons (antd's English name, "eye", is
      // not read out inside the button it decorates).
      <span
        role="img"
        aria-hidden={rest['aria-label'] ? undefined : true}
        {...rest}
        className={`anticon anticon-${def.name}${className ? ` ${className}` : ''}`}
      >
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
/**
 * The language switch's globe, drawn in three strokes: antd's GlobalOutlined is 3 KB of path data,
 * about 1.3 KB of the login page's gzip budget (issue 16). Same name, size and colour as antd's.
 */
const GlobeSvg: IconDefinition = {
  name: 'global',
  theme: 'outlined',
  icon: {
    tag: 'svg',
    attrs: { viewBox: '0 0 24 24', focusable: 'false' },
    children: [
      {
        tag: 'path',
        attrs: {
          fill: 'none',
          stroke: 'currentColor',
          strokeWidth: '1.8',
          d: 'M12 2.5a9.5 9.5 0 1 0 0 19a9.5 9.5 0 1 0 0-19zM2.5 12h19M12 2.5c2.6 2.6 3.9 5.8 3.9 9.5s-1.3 6.9-3.9 9.5c-2.6-2.6-3.9-5.8-3.9-9.5s1.3-6.9 3.9-9.5z',
        },
      },
    ],
  },
};
export const GlobalOutlined = liteIcon(GlobeSvg);
export const InfoCircleFilled = liteIcon(InfoCircleFilledSvg);
export const LockOutlined = liteIcon(LockOutlinedSvg);
export const ReloadOutlined = liteIcon(ReloadOutlinedSvg);
export const StopOutlined = liteIcon(StopOutlinedSvg);
export const UserOutlined = liteIcon(UserOutlinedSvg);
export const WarningFilled = liteIcon(WarningFilledSvg);
