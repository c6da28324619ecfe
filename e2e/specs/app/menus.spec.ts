/**
 * Issue #2, item 1: every demo role signs in through the login form and sees its menus.
 *
 * The expectations are written out by hand from the route table (apps/web/src/app/routes.tsx) and the
 * resource codes the demo seed gives each account (tools/seed/shared.ts, demo.ts), so a change to
 * either shows up here as a deliberate diff:
 *
 *   supplier   every code incl. supplier_system_*; userType supplier
 *   owner      every dealer code (no supplier_system_*); userType partner
 *   admin      storage, upgrade, rmr, nvrcoderate_qry, vmslicense_qry, pionts_mall_qry, account,
 *              installerinvite, subcustomerinvite, license_qry; userType partner (no cloudresource,
 *              customize tool, device password reset, cldstorage setting, customweb)
 *   distributor every dealer code but upgrade, cloudresource, customizetool; level 2; starts in its
 *              company's area DC-EU, a DDC whose hidden list is ['pointMall', 'externalCollection']
 *   installer  account, subcustomerinvite, license, vmslicense_qry, pionts_mall_qry, devicepwdreset
 *   customer   account, license_qry, vmslicense_qry; userType customer (no Content Site)
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, type Role, loginAs, menuGroupLabels, menuItem, switchArea, topMenuLabels } from '../../support';

interface Expected {
  /** The side menu's top level, in order. */
  top: string[];
  /** Entries that must not be offered (redundant with `top`, kept to state the rule being tested). */
  absent: string[];
  /** The entries of each menu group, in order. */
  groups: Record<string, string[]>;
  /** Home page: company, role and current area. */
  company: string;
  role: string;
  area: string;
}

const ALL_CONTENT = ['Site Overview', 'Product Center', 'Solutions', 'News', 'Videos', 'Operation Documents', 'Product Set'];

const EXPECTED: Record<Role, Expected> = {
  supplier: {
    top: [
      'Home',
      'Data Statistics',
      'Cloud Firmware Upgrade',
      'Cloud Storage',
      'Cloud VMS',
      'Licences',
      'Accounts and Permissions',
      'Applications',
      'Management Tools',
      'Device Customization Tool',
      'Device Password Reset Tool',
      'Content Site',
      'Message Center',
      'Points Mall',
      'Settings',
      'Logs',
      'Monitoring',
      'Mail Outbox',
    ],
    // Payee settings are for partners and distributors only.
    absent: ['Payee Settings'],
    groups: {
      Licences: ['Licence List', 'Licence Subscriptions'],
      'Accounts and Permissions': ['Users', 'Downstream Companies'],
      'Content Site': ALL_CONTENT,
      Settings: ['Corporate Information', 'Personalization'],
      Logs: ['Operation Logs', 'End-user Logs'],
    },
    company: 'Lumenza Technologies Co., Ltd.',
    role: 'Supplier · Owner',
    area: 'Global (RDC)',
  },
  owner: {
    top: [
      'Home',
      'Data Statistics',
      'Cloud Firmware Upgrade',
      'Cloud Storage',
      'Cloud VMS',
      'Licences',
      'Accounts and Permissions',
      'Applications',
      'Management Tools',
      'Device Customization Tool',
      'Device Password Reset Tool',
      'Content Site',
      'Message Center',
      'Points Mall',
      'Payee Settings',
      'Settings',
      'Logs',
    ],
    absent: ['Mail Outbox'],
    groups: {
      Licences: ['Licence List', 'Licence Subscriptions'],
      'Accounts and Permissions': ['Users', 'Downstream Companies'],
      'Content Site': ALL_CONTENT,
      Settings: ['Corporate Information', 'Personalization'],
      Logs: ['Operation Logs', 'End-user Logs'],
    },
    company: 'Acme Vision',
    role: 'Partner · Owner',
    area: 'Europe (Frankfurt)',
  },
  admin: {
    top: [
      'Home',
      'Data Statistics',
      'Cloud Firmware Upgrade',
      'Cloud Storage',
      'Cloud VMS',
      'Licences',
      'Accounts and Permissions',
      'Management Tools',
      'Content Site',
      'Message Center',
      'Points Mall',
      'Settings',
      'Logs',
    ],
    // Without dealer_appid_* no Applications.
    absent: ['Applications', 'Device Customization Tool', 'Device Password Reset Tool', 'Payee Settings', 'Mail Outbox'],
    groups: {
      Licences: ['Licence List', 'Licence Subscriptions'],
      'Accounts and Permissions': ['Users', 'Downstream Companies'],
      // Without dealer_cloudresource_* only the product set remains.
      'Content Site': ['Product Set'],
      // Without dealer_customweb_qry no personalization.
      Settings: ['Corporate Information'],
      Logs: ['Operation Logs', 'End-user Logs'],
    },
    company: 'Acme Vision',
    role: 'Partner · Administrator',
    area: 'Europe (Frankfurt)',
  },
  distributor: {
    top: [
      'Home',
      'Data Statistics',
      'Cloud Storage',
      'Cloud VMS',
      'Licences',
      'Accounts and Permissions',
      'Management Tools',
      'Content Site',
      'Message Center',
      'Settings',
      'Logs',
    ],
    // Hidden for distributors (cloud upgrade, applications, tools), and the DDC hidden list (points mall, payee settings).
    absent: [
      'Cloud Firmware Upgrade',
      'Applications',
      'Device Customization Tool',
      'Device Password Reset Tool',
      'Points Mall',
      'Payee Settings',
      'Mail Outbox',
    ],
    groups: {
      Licences: ['Licence List', 'Licence Subscriptions'],
      'Accounts and Permissions': ['Users', 'Downstream Companies'],
      'Content Site': ['Product Set'],
      Settings: ['Corporate Information'],
      Logs: ['Operation Logs', 'End-user Logs'],
    },
    company: 'Rhein Security Distribution GmbH',
    role: 'Distributor · Owner',
    area: 'Europe (Frankfurt)',
  },
  installer: {
    top: [
      'Home',
      'Cloud VMS',
      'Licences',
      'Accounts and Permissions',
      'Device Password Reset Tool',
      'Content Site',
      'Message Center',
      'Points Mall',
      'Settings',
      'Logs',
    ],
    absent: [
      'Cloud Firmware Upgrade',
      'Cloud Storage',
      'Applications',
      'Management Tools',
      'Device Customization Tool',
      'Payee Settings',
      'Mail Outbox',
    ],
    groups: {
      Licences: ['Licence List', 'Licence Subscriptions'],
      'Accounts and Permissions': ['Users', 'Downstream Companies'],
      'Content Site': ['Product Set', 'Installer FAQ'],
      Settings: ['Corporate Information'],
      Logs: ['Operation Logs'],
    },
    company: 'Brightline Installations GmbH',
    role: 'Installer · Owner',
    area: 'Europe (Frankfurt)',
  },
  customer: {
    top: ['Home', 'Cloud VMS', 'Licences', 'Accounts and Permissions', 'Message Center', 'Settings', 'Logs'],
    absent: [
      'Cloud Firmware Upgrade',
      'Cloud Storage',
      'Applications',
      'Management Tools',
      'Device Customization Tool',
      'Device Password Reset Tool',
      'Content Site',
      'Points Mall',
      'Payee Settings',
      'Mail Outbox',
    ],
    groups: {
      Licences: ['Licence List', 'Licence Subscriptions'],
      'Accounts and Permissions': ['Users', 'Downstream Companies'],
      Settings: ['Corporate Information'],
      Logs: ['Operation Logs'],
    },
    company: 'Harbor Logistics GmbH',
    role: 'Enterprise customer · Owner',
    area: 'Europe (Frankfurt)',
  },
};

test.describe('menus per role', () => {
  for (const role of Object.keys(EXPECTED) as Role[]) {
    const want = EXPECTED[role];
    test(`${role} (${ACCOUNTS[role]}) signs in and sees its menus`, async ({ page }) => {
      await loginAs(page, role);

      await expect(page.getByTestId('home-company')).toHaveText(want.company);
      await expect(page.getByTestId('home-role')).toHaveText(want.role);
      await expect(page.getByTestId('home-area')).toHaveText(want.area);

      expect(await topMenuLabels(page)).toEqual(want.top);
      for (const label of want.top) await expect(menuItem(page, label), `"${label}" is offered`).toHaveCount(1);
      for (const label of want.absent) await expect(menuItem(page, label), `"${label}" is not offered`).toHaveCount(0);

      for (const [group, entries] of Object.entries(want.groups)) {
        expect(await menuGroupLabels(page, group), `entries of "${group}"`).toEqual(entries);
      }

      // The home shortcuts follow the same rules: an absent module has no shortcut either.
      const shortcuts = page.getByTestId('home-shortcuts');
      await expect(shortcuts.getByRole('link', { name: 'Licence List', exact: true })).toBeVisible();
      for (const label of want.absent) await expect(shortcuts.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    });
  }

  test('a distributor sees the points mall and payee settings again after switching to the RDC (its hidden list is empty)', async ({
    page,
  }) => {
    await loginAs(page, 'distributor');
    await expect(menuItem(page, 'Cloud Storage')).toHaveCount(1);
    await expect(menuItem(page, 'Points Mall')).toHaveCount(0);

    await switchArea(page, /Global \(RDC\)/);
    await expect(page.getByTestId('home-area')).toHaveText('Global (RDC)');

    expect(await topMenuLabels(page)).toEqual([
      'Home',
      'Data Statistics',
      'Cloud Storage',
      'Cloud VMS',
      'Licences',
      'Accounts and Permissions',
      'Management Tools',
      'Content Site',
      'Message Center',
      'Points Mall',
      'Payee Settings',
      'Settings',
      'Logs',
    ]);
    // Still never offered to a distributor, whatever the area.
    await expect(menuItem(page, 'Points Mall')).toHaveCount(1);
    await expect(menuItem(page, 'Cloud Firmware Upgrade')).toHaveCount(0);
    await expect(menuItem(page, 'Applications')).toHaveCount(0);
  });
});
