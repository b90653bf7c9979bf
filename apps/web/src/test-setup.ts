import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route modules are transformed on first use; on a busy machine that can pass a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
