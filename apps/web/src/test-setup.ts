// zod as the app configures it (main.tsx): no eval, our Japanese messages.
import './app/zod-config';
import './app/zod-messages';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route modules are transformed on first use; on a busy machine (the journeys run beside
// these tests in CI) that can take seconds. A bound, not a wait: what is there is found at once.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
