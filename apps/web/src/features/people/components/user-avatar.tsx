// Moved to the shared components (the rankings show avatars too); kept here for the people pages.
export { UserAvatar } from '../../../components/user-avatar';
