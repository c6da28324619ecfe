import type { MenuKey, ResourceCode, UserType } from '@portal/contract';
import type { PageLoader } from '../lib/lazy-page';
import type { MenuIconName } from '../lib/navigation/menu-icons';

/**
 * One entry of the route table. The same entry drives the side menu, the route guard and the
 * redirect of unknown or hidden routes.
 */
export interface AppRoute {
  /** Menu key: unique, and the name used in the areas' hidden-menu lists (contract MENU_KEYS). */
  key: MenuKey;
  /** Path segment relative to the parent (the layout for top-level entries). */
  path: string;
  /** i18n key of the title (menu, breadcrumb, page title). */
  titleKey: string;
  /** i18n key of a one-line description (home shortcuts). */
  descKey?: string;
  /** The menu icon's name (lib/navigation/menu-icons). */
  icon?: MenuIconName;
  /** The user needs any one of these codes; none listed means any signed-in user. */
  resources?: readonly ResourceCode[];
  /** Allowed user types; none listed means all. */
  userTypes?: readonly UserType[];
  /** Never shown to distributors (level 2). */
  hiddenForDistributor?: boolean;
  /** A distributor opening this route is sent to the login page (SPEC §2). */
  distributorToLogin?: boolean;
  /** Key of the route to use instead when this one is not allowed (cloudIndex -> productSet). */
  fallbackTo?: string;
  /** A detail page: routable, but not a menu entry. */
  hideInMenu?: boolean;
  /** Parent only: shown as a single menu entry leading to its first visible child. */
  menuLeaf?: boolean;
  /** Parent only: the child the parent path redirects to. */
  indexTo?: string;
  /** The page, loaded as its own chunk. Leaves only. */
  page?: PageLoader;
  children?: AppRoute[];
}

/** A page outside the layout. */
export interface PublicRoute {
  key: string;
  /** Absolute path. */
  path: string;
  titleKey: string;
  page: PageLoader;
  /**
   * The page is drawn without antd (components/lite), so antd's providers are not loaded with it.
   * The sign-in pages (login, registration, password finding): what they download before they can be
   * used is kept small (`npm run size`), and they need none of the features' texts.
   */
  plain?: boolean;
  /**
   * Drawn without antd (components/lite) like `plain`, but with the features' texts and the whole
   * error catalogue: a public page of a module (the hosted checkout) that a buyer opens from an app.
   */
  lite?: boolean;
}

/** `handle` of every router entry built from the table (breadcrumbs and titles). */
export interface RouteHandle {
  key: string;
  titleKey: string;
  /** Leaf pages (with a component) vs groups. */
  isPage: boolean;
  path: string;
}
