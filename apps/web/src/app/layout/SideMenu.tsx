import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { MenuIcon } from '../../lib/navigation/menu-icons';
import type { NavItem } from '../../lib/navigation/nav-context';
import type { RouteHandle } from '../route-types';

type MenuItem = Required<MenuProps>['items'][number];

function flatten(items: readonly NavItem[], out = new Map<string, NavItem>()) {
  for (const i of items) {
    out.set(i.key, i);
    if (i.children) flatten(i.children, out);
  }
  return out;
}

/** The side menu, from the route table filtered for the user. */
export function SideMenu({ menus, collapsed }: { menus: readonly NavItem[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const byKey = useMemo(() => flatten(menus), [menus]);
  const activeKeys = matches.map((m) => (m.handle as RouteHandle | undefined)?.key).filter((k): k is string => !!k && byKey.has(k));
  const groupKeys = menus.filter((m) => m.children?.length).map((m) => m.key);
  const [openKeys, setOpenKeys] = useState<string[]>(() => activeKeys.filter((k) => groupKeys.includes(k)));
  const activeGroup = activeKeys.find((k) => groupKeys.includes(k));

  // Open the group of the current page when navigation moves into it (state adjusted during render).
  const [seenGroup, setSeenGroup] = useState(activeGroup);
  if (activeGroup !== seenGroup) {
    setSeenGroup(activeGroup);
    if (activeGroup && !openKeys.includes(activeGroup)) setOpenKeys([...openKeys, activeGroup]);
  }

  const toItems = (items: readonly NavItem[]): MenuItem[] =>
    items.map((i) =>
      i.children?.length
        ? { key: i.key, icon: i.icon ? <MenuIcon name={i.icon} /> : undefined, label: t(i.titleKey), children: toItems(i.children) }
        : { key: i.key, icon: i.icon ? <MenuIcon name={i.icon} /> : undefined, label: t(i.titleKey), title: t(i.titleKey) },
    );

  return (
    <Menu
      mode="inline"
      data-testid="side-menu"
      items={toItems(menus)}
      selectedKeys={activeKeys}
      {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
      onClick={({ key }) => {
        const item = byKey.get(String(key));
        if (item) void navigate(item.path);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
