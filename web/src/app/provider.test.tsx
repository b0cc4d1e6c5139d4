import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

const toastArea = () => document.querySelector('[data-rht-toaster]');

describe('the toast area', () => {
  it('is not there for a visitor reading the home page, and comes with code that raises toasts', async () => {
    renderApp('/', createFakeSupabase());
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(toastArea()).toBeNull();

    // As a page that can raise a toast does when its chunk loads; a toast raised before the
    // area is there shows once it is.
    const { default: toast } = await import('@/lib/toast');
    toast.success('Letter downloaded');
    expect(await screen.findByText('Letter downloaded')).toBeInTheDocument();
    expect(toastArea()).not.toBeNull();
  });
});
