import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { useOwnList } from '../api/get-users';
import { useSetRelation } from '../api/set-relation';
import { UserList } from './user-list';

const text = messages.people;

function OwnList({
  kind,
  notify,
}: {
  kind: 'blocks' | 'mutes';
  notify: (message: string) => void;
}) {
  const query = useOwnList(kind);
  const relation = useSetRelation();
  const heading = kind === 'blocks' ? text.settings.blocksHeading : text.settings.mutesHeading;
  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>
      <PagedQueryState
        text={messages.people}
        query={query}
        label={heading}
        empty={kind === 'blocks' ? text.settings.noBlocks : text.settings.noMutes}
      >
        {(users) => (
          <UserList
            users={users}
            action={(user) => (
              <Button
                variant="outlined"
                size="small"
                disabled={relation.isPending}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                onClick={() =>
                  relation.mutate(
                    { userId: user.id, kind: kind === 'blocks' ? 'block' : 'mute', on: false },
                    {
                      onSuccess: () =>
                        notify(
                          kind === 'blocks' ? text.unblocked(user.name) : text.unmuted(user.name),
                        ),
                      onError: (error) => notify(error.message || text.actionFailed),
                    },
                  )
                }
              >
                {kind === 'blocks' ? text.unblock : text.unmute}
              </Button>
            )}
          />
        )}
      </PagedQueryState>
    </Stack>
  );
}

/** 「ブロック・ミュート中のユーザー」: both lists, each entry with its undo. */
export function BlockedMutedUsers({ notify }: { notify: (message: string) => void }) {
  return (
    <Stack spacing={3}>
      <OwnList kind="blocks" notify={notify} />
      <OwnList kind="mutes" notify={notify} />
    </Stack>
  );
}
