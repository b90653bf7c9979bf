import type { CamelCased } from '@ekispot/shared';
import type { z } from 'zod';
import { apiRequest, isNetworkFailure } from '../api-client';
import { enqueueAction, mustQueue } from './page-queue';
import type { NewAction } from './page-queue';
import { newActionKey } from './queued-action';
import type { QueuedAction } from './queued-action';

export type SendResult<T> = { queued: false; data: T } | { queued: true; action: QueuedAction };

/**
 * A member's write that may wait for the network (docs/pwa.md#queued-actions): sent now when
 * the browser is online and nothing is waiting before it; kept in the queue when offline,
 * behind earlier actions, or when the call got no answer (its idempotency key travels with it,
 * so a request that did reach the server is not done twice). A refusal (4xx) or a server error
 * while online is thrown as an ApiError, as any call's.
 */
export async function sendOrQueue<S extends z.ZodType>(
  action: NewAction,
  schema: S,
): Promise<SendResult<CamelCased<z.output<S>>>> {
  if (mustQueue()) return { queued: true, action: await enqueueAction(action) };
  const key = newActionKey();
  try {
    const { data } = await apiRequest(action.path, {
      method: action.method,
      body: action.body ?? undefined,
      schema,
      idempotencyKey: key,
    });
    return { queued: false, data };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return { queued: true, action: await enqueueAction({ ...action, key }) };
  }
}
