import { createContext, useContext } from 'react';
import type { MenuIconName } from './menu-icons';

/** A menu entry the signed-in user can see, as computed by the app's route table. */
export interface NavItem {
  key: string;
  /** Absolute path, e.g. /layout/accountManage/usersManage. */
  path: string;
  titleKey: string;
  descKey?: string;
  icon?: MenuIconName;
  children?: NavItem[];
}

export interface NavigationValue {
  /** The visible side menu, top level first. */
  menus: NavItem[];
  /** Visible leaf pages in menu order (shortcuts). */
  leaves: NavItem[];
  /**
   * Whether the user may open the page at this absolute path (the route table's access rules, also
   * for pages the menu does not list, such as a menu entry's tabs).
   */
  mayOpen: (path: string) => boolean;
}

const NavigationContext = createContext<NavigationValue>({ menus: [], leaves: [], mayOpen: () => false });

export const NavigationProvider = NavigationContext.Provider;

/** Features read the visible menus here instead of importing the app's route table. */
export function useNavigation(): NavigationValue {
  return useContext(NavigationContext);
}
