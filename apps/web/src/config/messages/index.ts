import { archiveMessages } from './archive';
import { authMessages } from './auth';
import { accountSecurityMessages } from './account-security';
import { commonMessages } from './common';
import { installMessages } from './install';
import { listsMessages } from './lists';
import { moderationMessages } from './moderation';
import { navigationMessages } from './navigation';
import { notificationsMessages } from './notifications';
import { postEditorMessages } from './post-editor';
import { peopleMessages } from './people';
import { postsMessages } from './posts';
import { pwaMessages } from './pwa';
import { rankingsMessages } from './rankings';
import { searchMessages } from './search';
import { reportsMessages } from './reports';
import { ridesMessages } from './rides';
import { stampsMessages } from './stamps';
import { stationsMessages } from './stations';
import { takedownsMessages } from './takedowns';

/**
 * Every user-facing Japanese text of the web app (docs/conventions.md#web-client), one file per
 * area.
 */
export const APP_NAME = 'えきスポ';

export const messages = {
  appName: APP_NAME,
  titleSeparator: ' | ',
  ...commonMessages,
  ...navigationMessages,
  ...stationsMessages,
  ...authMessages,
  ...accountSecurityMessages,
  ...archiveMessages,
  ...postEditorMessages,
  ...postsMessages,
  ...peopleMessages,
  ...stampsMessages,
  ...rankingsMessages,
  ...searchMessages,
  ...notificationsMessages,
  ...listsMessages,
  ...installMessages,
  ...reportsMessages,
  ...takedownsMessages,
  ...moderationMessages,
  ...pwaMessages,
  ...ridesMessages,
} as const;
