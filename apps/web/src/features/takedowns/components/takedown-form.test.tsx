import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TAKEDOWN_DETAILS_MAX } from '@ekispot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { enterText } from '../../../test/enter-text';
import { renderWithApp } from '../../../test/render-with-app';
import { TakedownConfirmResult } from './takedown-confirm-result';
import { TakedownForm } from './takedown-form';

const POST_URL = 'https://ekispot.example/post/01936f2e-8b9c-7d3a-9c1e-00000000a001';
const SENT = '確認のメールを送りました。メールのリンクを開くと申し出が受け付けられます。';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillIn(user: ReturnType<typeof userEvent.setup>, url = POST_URL) {
  await enterText(user, field(/対象のURL/), url);
  await user.click(screen.getByRole('radio', { name: '掲載されている本人' }));
  await user.click(screen.getByRole('radio', { name: '個人情報・プライバシー' }));
  await enterText(user, field(/申し出の内容/), ' 自宅が写っています。 ');
  await enterText(user, field(/メールアドレス/), 'Me@Example.jp');
}

const sentBody = () => {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v2/takedowns');
  return JSON.parse(String(call?.[1]?.body)) as unknown;
};

describe('TakedownForm', () => {
  it('offers the four relationships and the six reasons, and counts the details as they are typed', async () => {
    renderWithApp(<TakedownForm />);
    const user = userEvent.setup();
    const relationship = screen.getByRole('radiogroup', { name: /対象との関係/ });
    expect(
      within(relationship)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['掲載されている本人', '権利者（著作権者など）', '本人・権利者の代理人', 'その他']);
    const reasons = screen.getByRole('radiogroup', { name: /申し出の理由/ });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6);

    const details = field(/申し出の内容/);
    expect(describedText(details)).toBe(`0 / ${TAKEDOWN_DETAILS_MAX}文字`);
    await user.type(details, '写真');
    expect(describedText(details)).toBe(`2 / ${TAKEDOWN_DETAILS_MAX}文字`);
  });

  it('checks the fields before sending anything and moves focus to the first one', async () => {
    renderWithApp(<TakedownForm />);
    const user = userEvent.setup();
    await user.type(field(/メールアドレス/), 'not an address');
    await user.click(screen.getByRole('button', { name: '確認メールを送る' }));
    await waitFor(() =>
      expect(describedText(field(/対象のURL/))).toBe('対象のURLを入力してください。'),
    );
    expect(document.activeElement).toBe(field(/対象のURL/));
    expect(describedText(screen.getByRole('radiogroup', { name: /対象との関係/ }))).toBe(
      '対象との関係を選んでください。',
    );
    expect(describedText(screen.getByRole('radiogroup', { name: /申し出の理由/ }))).toBe(
      '理由を選んでください。',
    );
    expect(describedText(field(/申し出の内容/))).toBe('申し出の内容を入力してください。');
    expect(describedText(field(/メールアドレス/))).toBe('正しいメールアドレスを入力してください。');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the request, then says where the confirmation mail went', async () => {
    fetchMock.mockResolvedValueOnce(envelope(202, { message: SENT }));
    renderWithApp(<TakedownForm />);
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '確認メールを送る' }));

    const heading = await screen.findByRole('heading', { name: '確認のメールを送りました' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/me@example\.jp に確認のメールを送りました。/)).toBeTruthy();
    // An empty name is left out; the schema trims and lower-cases as the API will.
    expect(sentBody()).toEqual({
      url: POST_URL,
      relationship: 'self',
      reason: 'privacy',
      details: '自宅が写っています。',
      email: 'me@example.jp',
    });

    await user.click(screen.getByRole('button', { name: 'もう一度申し出る' }));
    expect(field(/対象のURL/)).toHaveProperty('value', '');
    expect(field(/メールアドレス/)).toHaveProperty('value', 'me@example.jp');
  });

  it('fills in the page it was opened from as that page’s whole address', () => {
    const path =
      '/post/01936f2e-8b9c-7d3a-9c1e-00000000a001/comment/01936f2e-8b9c-7d3a-9c1e-00000000c001';
    renderWithApp(<TakedownForm defaultUrl={path} />);
    expect(field(/対象のURL/)).toHaveProperty('value', `${window.location.origin}${path}`);
  });

  it('shows the API’s refusal of the URL beside it, and a 429 above the form', async () => {
    const refusal = 'えきスポ（https://ekispot.example）のページのURLを入力してください。';
    fetchMock.mockResolvedValueOnce(
      envelope(422, { message: refusal, errors: { url: [refusal] } }),
    );
    renderWithApp(<TakedownForm defaultUrl="https://elsewhere.example/post/1" />);
    const user = userEvent.setup();
    expect(field(/対象のURL/)).toHaveProperty('value', 'https://elsewhere.example/post/1');
    await user.click(
      within(screen.getByRole('radiogroup', { name: /対象との関係/ })).getByRole('radio', {
        name: 'その他',
      }),
    );
    await user.click(screen.getByRole('radio', { name: 'スパム' }));
    await user.type(field(/申し出の内容/), '宣伝です');
    await user.type(field(/メールアドレス/), 'me@example.jp');
    await user.click(screen.getByRole('button', { name: '確認メールを送る' }));
    await waitFor(() => expect(describedText(field(/対象のURL/))).toBe(refusal));
    expect(document.activeElement).toBe(field(/対象のURL/));
    expect(screen.queryByRole('alert')).toBeNull();

    const limited = 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。';
    fetchMock.mockResolvedValueOnce(envelope(429, { message: limited }));
    await user.clear(field(/対象のURL/));
    await enterText(user, field(/対象のURL/), POST_URL);
    await user.click(screen.getByRole('button', { name: '確認メールを送る' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limited);
    expect(screen.getByRole('button', { name: '確認メールを送る' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

describe('TakedownConfirmResult', () => {
  it('confirms on opening and shows the receipt number', async () => {
    const message =
      '削除の申し出を受け付けました。運営チームが内容を確認し、対応の結果をメールでお知らせします。';
    fetchMock.mockResolvedValueOnce(
      envelope(200, {
        message,
        data: {
          id: '01936f2e-8b9c-7d3a-9c1e-00000000f001',
          receipt_number: 'K7MX-3RPA',
          already_confirmed: false,
        },
      }),
    );
    renderWithApp(<TakedownConfirmResult token="c2FtcGxlLXRva2VuLXNhbXBsZQ" />);
    expect(await screen.findByText(message)).toBeTruthy();
    // The short number to read out, not the request's id.
    expect(screen.getByText('受付番号：K7MX-3RPA')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v2/takedowns/confirm/c2FtcGxlLXRva2VuLXNhbXBsZQ');
    expect(init?.method).toBe('POST');
  });

  it('says why a link did not work and leads back to the form', async () => {
    const message =
      'このリンクの有効期限（24時間）が切れています。お手数ですが、もう一度お申し出ください。';
    fetchMock.mockResolvedValueOnce(envelope(400, { message }));
    renderWithApp(<TakedownConfirmResult token="c2FtcGxlLXRva2VuLXNhbXBsZQ" />);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'もう一度申し出る' }).getAttribute('href')).toBe(
      '/contact/takedown',
    );
  });
});
