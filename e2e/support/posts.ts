import { baseUrl } from './browser.js';
import { apiLogin } from './api-login.js';

/** A member's spot near 東京駅 and the member's id, through the API (the posts journey covers the editor). */
export async function postSpotAs(member: { email: string; password: string }, title: string) {
  const { token, user } = await apiLogin(member);
  const form = new FormData();
  form.set('kind', 'spot');
  form.set('title', title);
  form.set('lat', '35.6809');
  form.set('lng', '139.7665');
  const created = await fetch(`${baseUrl}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`post failed: ${created.status}`);
  return { postId: ((await created.json()).data as { id: string }).id, userId: user.id };
}
