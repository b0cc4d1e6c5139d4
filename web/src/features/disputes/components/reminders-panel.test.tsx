import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { addDays, toIsoDate } from '@shared/letters';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callFunction } from '@/lib/functions';
import { RemindersPanel } from './reminders-panel';

vi.mock('@/lib/functions', () => ({ callFunction: vi.fn() }));
const api = vi.mocked(callFunction);
const today = toIsoDate(new Date());
const answer = (body: Record<string, unknown>, status = 200) => ({
  ok: status < 400,
  status,
  body,
});
const off = { available: true, enabled: false, rounds: [] };

beforeEach(() => api.mockReset());

describe('E-mail me when a response is due', () => {
  it('ticked: sends each open round as its id and dates only; unticked: turns them off', async () => {
    api.mockResolvedValueOnce(answer(off));
    const dispute = sampleDispute({ id: 'a1b2c3d4', mailedOn: addDays(today, -2) });
    render(<RemindersPanel disputes={[dispute]} today={today} />);
    const box = await screen.findByRole('checkbox', { name: 'E-mail me when a response is due' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();

    api.mockResolvedValueOnce(answer({ ...off, enabled: true }));
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const [method, name, payload] = api.mock.calls[1]!;
    expect([method, name]).toEqual(['PUT', 'reminders']);
    const { rounds } = payload as { rounds: Record<string, unknown>[] };
    expect(rounds).toHaveLength(1);
    expect(Object.keys(rounds[0]!).sort()).toEqual(['dueOn', 'followUpOn', 'id']);
    expect(rounds[0]!.id).toBe('a1b2c3d4');
    expect(JSON.stringify(payload)).not.toMatch(/experian|Chase|4321|Jane/i);

    api.mockResolvedValueOnce(answer(off));
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(api.mock.calls[2]!.slice(0, 2)).toEqual(['DELETE', 'reminders']);
  });

  it('says why it cannot be turned on: not set up, or stopped after a bounce', async () => {
    api.mockResolvedValueOnce(answer({ ...off, available: false }));
    const { unmount } = render(<RemindersPanel disputes={[]} today={today} />);
    expect(await screen.findByText('E-mail reminders are not set up on this site.')).toBeVisible();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    unmount();

    api.mockResolvedValueOnce(answer({ ...off, stopped: 'bounce' }));
    render(<RemindersPanel disputes={[]} today={today} />);
    expect(
      await screen.findByText('Reminders to your e-mail address stopped: mail to it bounced.'),
    ).toBeVisible();
    expect(screen.getByRole('checkbox')).toBeDisabled();
  });

  it('a refusal is shown next to the switch, and the switch stays off', async () => {
    api.mockResolvedValueOnce(answer(off));
    render(<RemindersPanel disputes={[]} today={today} />);
    const box = await screen.findByRole('checkbox');
    await waitFor(() => expect(box).toBeEnabled());
    api.mockResolvedValueOnce(
      answer(
        {
          code: 'reminders_stopped',
          error: 'Reminders to this address stopped: mail to it bounced.',
        },
        409,
      ),
    );
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('mail to it bounced');
    expect(box).not.toBeChecked();
  });
});
