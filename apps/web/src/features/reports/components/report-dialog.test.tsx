import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_NOTE_MAX } from '@ekispot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OverflowMenu } from '../../../components/overflow-menu';
import type { ReportTarget } from '../../../lib/report-target';
import { envelope } from '../../../test/api-response';
import { enterText } from '../../../test/enter-text';
import { renderWithApp } from '../../../test/render-with-app';
import { useReportDialog } from '../hooks/use-report-dialog';

const POST_ID = '01936f2e-8b9c-7d3a-9c1e-00000000a001';
const COMMENT_ID = '01936f2e-8b9c-7d3a-9c1e-000000001001';
const ACCEPTED = '報告を受け付けました。ご協力ありがとうございます。';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** A page's 「…」 menu with 「報告する」, and the page's report dialog, as the routes wire them. */
function Harness({ target }: { target: ReportTarget }) {
  const report = useReportDialog();
  return (
    <>
      <OverflowMenu
        label="この投稿のその他の操作"
        items={[{ label: '報告する', opensDialog: true, onSelect: () => report.open(target) }]}
      />
      {report.element}
    </>
  );
}

async function openDialog(target: ReportTarget = { kind: 'post', id: POST_ID }) {
  renderWithApp(<Harness target={target} />);
  const user = userEvent.setup();
  const menuButton = screen.getByRole('button', { name: 'この投稿のその他の操作' });
  await user.click(menuButton);
  await user.click(await screen.findByRole('menuitem', { name: '報告する' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, menuButton };
}

function reportCall() {
  return fetchMock.mock.calls.find(([url]) => String(url) === '/api/v2/reports');
}

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const REPORT = {
  id: '01936f2e-8b9c-7d3a-9c1e-00000000f001',
  target: { kind: 'post', id: POST_ID },
  reason: 'spam',
  note: '同じ宣伝が何駅にも投稿されています。',
  status: 'open',
  created_at: '2026-11-30T01:00:00.000Z',
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportDialog', () => {
  it('names what is reported, lists the six reasons and says who is told', async () => {
    const { dialog } = await openDialog({ kind: 'comment', id: COMMENT_ID });
    expect(screen.getByRole('dialog', { name: 'このコメントを報告' })).toBe(dialog);
    expect(describedText(dialog)).toBe(
      '報告は運営チームが確認します。誰が報告したかは相手に知らされません。',
    );
    const reasons = within(dialog).getByRole('radiogroup', { name: /報告の理由/ });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'スパム',
      '嫌がらせ・誹謗中傷',
      '個人情報・プライバシー',
      '違法・権利侵害',
      '不適切な画像',
      'その他',
    ]);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('sends the target, the reason and the trimmed note, then thanks in a snackbar', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { user, dialog, menuButton } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'スパム' }));
    const note = within(dialog).getByRole('textbox', { name: '補足（任意）' });
    await enterText(user, note, '  同じ宣伝が何駅にも投稿されています。 ');
    expect(describedText(note)).toBe(`21 / ${REPORT_NOTE_MAX}文字`);

    await user.click(within(dialog).getByRole('button', { name: '報告する' }));
    // Sending: both buttons wait, so a second press sends nothing.
    const sending = within(dialog).getByRole('button', { name: '送信しています…' });
    expect(sending).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(sending);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const [, init] = reportCall() ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      target: { kind: 'post', id: POST_ID },
      reason: 'spam',
      note: '同じ宣伝が何駅にも投稿されています。',
    });

    answer(envelope(201, { data: REPORT, message: ACCEPTED }));
    expect(await screen.findByText(ACCEPTED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus comes back to the menu button that led here.
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('leaves an empty note out', async () => {
    fetchMock.mockResolvedValueOnce(envelope(201, { data: REPORT, message: ACCEPTED }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    await user.type(within(dialog).getByRole('textbox', { name: '補足（任意）' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: '報告する' }));
    await screen.findByText(ACCEPTED);
    expect(JSON.parse(String(reportCall()?.[1]?.body))).toEqual({
      target: { kind: 'post', id: POST_ID },
      reason: 'other',
    });
  });

  it('refuses to send without a reason and moves focus to the reasons', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: '報告する' }));
    const reasons = within(dialog).getByRole('radiogroup', { name: /報告の理由/ });
    await waitFor(() => expect(describedText(reasons)).toBe('理由を選んでください。'));
    expect(reasons.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'スパム' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a note over the limit before sending', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    const note = within(dialog).getByRole('textbox', { name: '補足（任意）' });
    await user.click(note);
    await user.paste('あ'.repeat(REPORT_NOTE_MAX + 1));
    await user.click(within(dialog).getByRole('button', { name: '報告する' }));
    await waitFor(() =>
      expect(describedText(note)).toBe(`補足は${REPORT_NOTE_MAX}文字以内で入力してください。`),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the API’s 409 message in the dialog and stays open', async () => {
    const message = 'この投稿はすでに報告済みです。運営が確認するまでお待ちください。';
    fetchMock.mockResolvedValueOnce(envelope(409, { message }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: '嫌がらせ・誹謗中傷' }));
    await user.click(within(dialog).getByRole('button', { name: '報告する' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: '報告する' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('puts a 422’s field errors under their fields and the rest above', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(422, {
        message: '入力内容を確認してください。',
        errors: {
          target: ['自分の投稿は報告できません。'],
          note: ['使用できない文字（制御文字など）が含まれています。'],
        },
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: '不適切な画像' }));
    const note = within(dialog).getByRole('textbox', { name: '補足（任意）' });
    await user.type(note, '写真');
    await user.click(within(dialog).getByRole('button', { name: '報告する' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '自分の投稿は報告できません。',
    );
    expect(describedText(note)).toBe('使用できない文字（制御文字など）が含まれています。');
    expect(document.activeElement).toBe(note);
  });

  it('closes with キャンセル without sending, giving focus back to the menu button', async () => {
    const { user, dialog, menuButton } = await openDialog({ kind: 'user', id: POST_ID });
    expect(within(dialog).getByRole('heading', { name: 'このメンバーを報告' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
