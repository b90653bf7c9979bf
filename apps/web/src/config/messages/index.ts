import { authMessages } from './auth';
import { commonMessages } from './common';
import { navigationMessages } from './navigation';
import { postEditorMessages } from './post-editor';
import { peopleMessages } from './people';
import { postsMessages } from './posts';
import { stationsMessages } from './stations';

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
  ...postEditorMessages,
  ...postsMessages,
  ...peopleMessages,
} as const;
