/** Build-time facts about the running bundle. */
export const BUILD_ID: string = __BUILD_ID__;
export const IS_DEV_BUILD = BUILD_ID === 'dev' || BUILD_ID === 'test';
