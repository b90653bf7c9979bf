import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { USER_SEARCH_QUERY_MAX } from '@ekispot/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDirectory } from '../api/get-users';
import { FollowButton } from './follow-button';
import { UserList } from './user-list';

const text = messages.people;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /users: the search box (kept in the URL as ?q=, so results can be shared and survive a
 * reload; typing waits a moment before searching) and the results with follow buttons.
 */
export function UserDirectory({
  viewerId,
  notify,
}: {
  viewerId: string | null | undefined;
  notify: (message: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [input, setInput] = useState(q);

  // Back/forward changes the URL: the box follows it.
  useEffect(() => setInput(q), [q]);

  const typed = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (typed !== q) setParams(typed ? { q: typed } : {}, { replace: true });
    // Only a change of what was typed writes the URL; a URL change alone must not undo itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const query = useDirectory(q);
  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        label={text.directory.searchLabel}
        placeholder={text.directory.searchPlaceholder}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: USER_SEARCH_QUERY_MAX },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <PagedQueryState
        text={messages.people}
        query={query}
        label={text.directory.resultsLabel}
        empty={q ? text.directory.emptySearch(q) : text.directory.empty}
      >
        {(users) => (
          <UserList
            users={users}
            action={(user) => (
              <FollowButton
                userId={user.id}
                name={user.name}
                followedByMe={user.followedByMe}
                viewerId={viewerId}
                onError={notify}
                size="small"
              />
            )}
          />
        )}
      </PagedQueryState>
    </Stack>
  );
}
