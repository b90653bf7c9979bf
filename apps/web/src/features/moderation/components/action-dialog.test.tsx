import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATION_REASON_MAX } from '@ekispot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { enterText } from '../../../test/enter-text';
import { renderWithApp } from '../../../test/render-with-app';
import { LOG_ENTRY, MEMBER_ID, POST_ID } from '../test/moderation-fixtures';
import { ActionDialog } from './action-dialog';
import type { ActionRequest } from './action-dialog';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

const SUSPEND: ActionRequest = {
  action: 'suspend',
  target: { kind: 'user', id: MEMBER_ID },
  summary: '荒らし花子',
};

function renderDialog(request: ActionRequest = SUSPEND) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithApp(<ActionDialog open request={request} onClose={onClose} onDone={onDone} />);
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog'), onDone, onClose };
}

function sentBody(): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v2/moderation/actions');
  return JSON.parse(String(call?.[1]?.body));
}

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const DONE = 'アカウントを停止しました。';

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    envelope(201, { data: { entry: LOG_ENTRY, message: DONE }, message: DONE }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ActionDialog', () => {
  it('suspends for the days typed, with the reason, and hands the API’s message on', async () => {
    const { user, dialog, onDone } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'アカウントを停止する' })).toBe(dialog);
    expect(describedText(dialog)).toContain('対象のメンバー：荒らし花子');
    expect(describedText(dialog)).toContain('理由は記録に残り、相手にも伝えられます。');
    const reason = within(dialog).getByRole('textbox', { name: /理由/ });
    await enterText(user, reason, '  嫌がらせのコメントを繰り返しています ');
    expect(describedText(reason)).toBe(`21 / ${MODERATION_REASON_MAX}文字`);
    await user.type(within(dialog).getByRole('textbox', { name: /停止する日数/ }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'アカウントを停止する' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(DONE));
    expect(sentBody()).toEqual({
      action: 'suspend',
      target: { kind: 'user', id: MEMBER_ID },
      reason: '嫌がらせのコメントを繰り返しています',
      suspend_days: 30,
    });
  });

  it('suspends for good with 無期限, setting the days aside', async () => {
    const { user, dialog, onDone } = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /理由/ }), '悪質な荒らし');
    const days = within(dialog).getByRole('textbox', { name: /停止する日数/ });
    await user.click(within(dialog).getByRole('checkbox', { name: '無期限に停止する' }));
    expect(days).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'アカウントを停止する' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody()).toEqual({
      action: 'suspend',
      target: { kind: 'user', id: MEMBER_ID },
      reason: '悪質な荒らし',
      suspend_days: null,
    });
  });

  it('sends no days with other actions and says the reason is kept only on the record', async () => {
    const { user, dialog, onDone } = renderDialog({
      action: 'dismiss',
      target: { kind: 'post', id: POST_ID },
      summary: '駅前の格安チケット',
    });
    expect(within(dialog).queryByRole('textbox', { name: /停止する日数/ })).toBeNull();
    expect(describedText(dialog)).toContain('理由は記録に残ります（相手には伝えられません）。');
    await user.type(within(dialog).getByRole('textbox', { name: /理由/ }), '違反は見当たりません');
    await user.click(within(dialog).getByRole('button', { name: '対応不要として閉じる' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody()).toEqual({
      action: 'dismiss',
      target: { kind: 'post', id: POST_ID },
      reason: '違反は見当たりません',
    });
  });

  it('asks for the reason and the days before sending, focusing the reason', async () => {
    const { user, dialog } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'アカウントを停止する' }));
    const reason = within(dialog).getByRole('textbox', { name: /理由/ });
    await waitFor(() => expect(describedText(reason)).toBe('理由を入力してください。'));
    expect(describedText(within(dialog).getByRole('textbox', { name: /停止する日数/ }))).toBe(
      '停止する日数を入力するか、無期限を選んでください。',
    );
    expect(document.activeElement).toBe(reason);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the API’s field errors beside their fields and the rest above, staying open', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(422, {
        message: '入力内容に誤りがあります。',
        errors: {
          target: ['このアカウントはすでに停止されています。'],
          suspend_days: ['停止する日数は3650日以内にしてください。'],
        },
      }),
    );
    const { user, dialog, onDone } = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /理由/ }), '荒らし');
    const days = within(dialog).getByRole('textbox', { name: /停止する日数/ });
    await user.type(days, '3650');
    await user.click(within(dialog).getByRole('button', { name: 'アカウントを停止する' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'このアカウントはすでに停止されています。',
    );
    expect(describedText(days)).toBe('停止する日数は3650日以内にしてください。');
    expect(document.activeElement).toBe(days);
    expect(onDone).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'アカウントを停止する' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows a refusal without field errors as the API words it', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(409, { message: 'この報告はすでにほかの運営メンバーが対応しました。' }),
    );
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /理由/ }), '荒らし');
    await user.click(within(dialog).getByRole('checkbox', { name: '無期限に停止する' }));
    await user.click(within(dialog).getByRole('button', { name: 'アカウントを停止する' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'この報告はすでにほかの運営メンバーが対応しました。',
    );
  });
});
