import type { Page } from 'playwright-core';

/** A list's table (its accessible name) and the spec's columns in its header, hidden ones left out. */
export interface SpecTable {
  table: string;
  columns: string[];
}

const PEOPLE = ['Image', 'Name', 'Username', 'Email', 'Phone'];
const FOLLOW = ['Profile Picture', 'Name', 'Username', 'Email', 'Phone', 'Action'];

/**
 * The spec's columns of every list (spec 01 section 2, spec 02 section 2), by the name of the list
 * screen in lists.test.ts, which checks them at 1366x768 on its visit of each list.
 */
export const SPEC_COLUMNS = {
  users: {
    table: 'Users',
    columns: [
      'Image',
      'Name',
      'Username',
      'Email',
      'Phone',
      'OS Version',
      'App Version',
      'Last active',
      'Member since',
      'Profile',
    ],
  },
  'deleted-users': {
    table: 'Deleted users',
    columns: [
      'Image',
      'Name',
      'Username',
      'Email',
      'Phone',
      'OS Version',
      'App Version',
      'Last active',
      'Member since',
      'Followers',
      'Followings',
      'Profile',
    ],
  },
  'backend-users': {
    table: 'Backend users',
    columns: ['S.No.', 'Image', 'Name', 'Email', 'Phone', 'Role', 'Action'],
  },
  'reported-users': {
    table: 'Reported users',
    columns: ['Image', 'Name', 'Email', 'Phone', 'Reported By', 'Reported Date', 'Action'],
  },
  'reported-posts': {
    table: 'Reported posts',
    columns: ['S.No.', 'Image', 'Title', 'Website', 'Reported By', 'Reported Date', 'View Details'],
  },
  searches: {
    table: 'Searches',
    columns: [
      'Image',
      'Search Term',
      'Website',
      'Type',
      'Username',
      'Title',
      'Description',
      'Deleted',
      'Created At',
      'Updated At',
    ],
  },
  groups: {
    table: 'Groups',
    columns: ['Group Name', 'Created At', 'Updated At', 'Action'],
  },
  'campaign-list': {
    table: 'Customers',
    // Campaigns: the row's button that opens its campaigns.
    columns: ['Avatar', 'Name', 'Username', 'Email', 'Phone', 'Campaigns'],
  },
  interests: {
    table: 'Interests',
    columns: ['Name', 'Created', 'Last Updated', 'Action'],
  },
  transactions: {
    table: 'Transactions',
    columns: [
      'Customer',
      'Campaign',
      'Amount',
      'Transaction Type',
      'Payment Provider Transaction Id',
      'Date',
    ],
  },
  'signup-codes': {
    table: 'Signup codes',
    columns: ['S.No.', 'Code', 'Used Count', 'Created', 'Updated', 'Action'],
  },
  'frequently-used-urls': {
    table: 'Frequently used urls',
    columns: ['Host', 'Total Searches', 'Host Searched', 'Frequency (%)'],
  },
  'failed-urls': {
    table: 'Failed urls',
    columns: [
      'User',
      'Url',
      'Device',
      'Failed In Curl',
      'Attempted In Enrichment',
      'Failed In Enrichment',
      'Created',
      'Resolved',
      'Retried',
    ],
  },
  'profile-followers': { table: 'Followers', columns: FOLLOW },
  'profile-following': { table: 'Following', columns: FOLLOW },
  'profile-bookmarks': {
    table: 'Bookmarks',
    columns: ['S.No.', 'Image', 'Search Term', 'Type', 'Title', 'Description'],
  },
  'post-reported-by': { table: 'Reported by', columns: PEOPLE },
} satisfies Record<string, SpecTable>;

/** The spec's table of a list screen by its name, when the spec gives its columns. */
export function specTable(name: string): SpecTable | undefined {
  return (SPEC_COLUMNS as Record<string, SpecTable>)[name];
}

/** The campaign sub-table inside an expanded customer row (spec 02 Campaign list). */
export const CAMPAIGN_COLUMNS: SpecTable = {
  table: 'Campaigns',
  columns: [
    'Ad set name',
    'Campaign Name',
    'Ad Title',
    'Created At',
    'Start Date',
    'End Date',
    'Total Days',
    'Status',
    'Action',
    'Total Budget',
    'View',
  ],
};

/** The header texts of a table, in order (the visually hidden 'Details' header left out). */
export function headers(page: Page, table: string): Promise<string[]> {
  return page
    .getByRole('table', { name: table, exact: true })
    .locator(':scope > thead th')
    .evaluateAll((ths) =>
      ths.map((th) => (th as HTMLElement).innerText.trim()).filter((t) => t !== '' && t !== 'Details'),
    );
}
