import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { addDays, toIsoDate } from '@shared/letters';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callFunction } from '@/lib/functions';
import { remindersSwitchedOn, switchReminders } from '../lib/reminders';
import { RemindersPanel } from './reminders-panel';

vi.mock('@/lib/functions', () => ({ callFunction: vi.fn() }));
const api = vi.mocked(callFunction);
const today = toIsoDate(new Date());
const USER = 'user-1';
const answer = (body: Record<string, unknown>, status = 200) => ({
  ok: status < 400,
  status,
  body,
});
const off = { available: true, enabled: false, rounds: [] };

beforeEach(() => api.mockReset());
afterEach(() => localStorage.clear());

describe('E-mail me when a response is due', () => {
  it('off: no request at all; ticked: each open round as its id and dates only; unticked: off', async () => {
    const dispute = sampleDispute({ id: 'a1b2c3d4', mailedOn: addDays(today, -2) });
    render(<RemindersPanel userId={USER} disputes={[dispute]} today={today} />);
    const box = screen.getByRole('checkbox', { name: 'E-mail me when a response is due' });
    expect(box).toBeEnabled();
    expect(box).not.toBeChecked();
    expect(api).not.toHaveBeenCalled();

    api.mockResolvedValueOnce(answer({ ...off, enabled: true }));
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const [method, name, payload] = api.mock.calls[0]!;
    expect([method, name]).toEqual(['PUT', 'reminders']);
    const { rounds } = payload as { rounds: Record<string, unknown>[] };
    expect(rounds).toHaveLength(1);
    expect(Object.keys(rounds[0]!).sort()).toEqual(['dueOn', 'followUpOn', 'id']);
    expect(rounds[0]!.id).toBe('a1b2c3d4');
    expect(JSON.stringify(payload)).not.toMatch(/experian|Chase|4321|Jane/i);
    expect(remindersSwitchedOn(USER)).toBe(true);

    api.mockResolvedValueOnce(answer(off));
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(api.mock.calls[1]!.slice(0, 2)).toEqual(['DELETE', 'reminders']);
    expect(remindersSwitchedOn(USER)).toBe(false);
  });

  it('on: reads the server first; stopped by an unsubscribe link or a bounce, it stays off', async () => {
    switchReminders(USER, true);
    api.mockResolvedValueOnce(answer({ ...off, stopped: 'bounce' }));
    render(<RemindersPanel userId={USER} disputes={[]} today={today} />);
    expect(
      await screen.findByText('Reminders to your e-mail address stopped: mail to it bounced.'),
    ).toBeVisible();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(api.mock.calls.map((call) => call[0])).toEqual(['GET']);
    expect(remindersSwitchedOn(USER)).toBe(false);
  });

  it('a refusal is shown next to the switch, and the switch stays off', async () => {
    render(<RemindersPanel userId={USER} disputes={[]} today={today} />);
    const box = screen.getByRole('checkbox');
    api.mockResolvedValueOnce(
      answer(
        { code: 'reminders_unavailable', error: 'E-mail reminders are not set up on this site.' },
        503,
      ),
    );
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('not set up on this site');
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(remindersSwitchedOn(USER)).toBe(false);
  });
});
