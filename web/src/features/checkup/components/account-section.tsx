import {
  type AccountEntry,
  CHECKUP_LIMITS,
  EMPTY_ACCOUNT_FACTS,
  NEGATIVE_KIND_LABELS,
  NEGATIVE_KINDS,
  type InputProblem,
  type NegativeKind,
} from '@shared/checkup';
import { BUREAUS, formatIsoLong } from '@shared/letters';
import { useState } from 'react';
import type { CheckupApi } from '../hooks/use-checkup';
import { newAccount } from '../lib/entries';
import { BureauColumns } from './bureau-columns';
import { EntryCard } from './entry-card';
import { FormField } from '@/components/form-field';
import { Checkbox } from './checkbox';
import { AddButton } from './section-frame';

export function problemOf(problems: readonly InputProblem[], entryId: string, field: string) {
  return problems.find((problem) => problem.entryId === entryId && problem.field === field)
    ?.message;
}

/** One line per bureau that shows the account: what it reports, at a glance. */
function AccountSummary({ entry, api }: { entry: AccountEntry; api: CheckupApi }) {
  const shown = api.checkup!.bureaus.filter((bureau) => entry.reports[bureau]);
  if (shown.length === 0) return <p className="mt-2 text-sm">Not shown on any of your reports.</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm break-words">
      {shown.map((bureau) => {
        const facts = entry.reports[bureau]!;
        const date = (value: string) => (value ? formatIsoLong(value) : '—');
        return (
          <li key={bureau}>
            <strong>{BUREAUS[bureau].name}:</strong> balance {facts.balance || '—'}, status{' '}
            {facts.status || '—'}, opened {date(facts.dateOpened)}, first delinquency{' '}
            {date(facts.dateOfFirstDelinquency)}, late {facts.lateMonths || 'none'}
          </li>
        );
      })}
    </ul>
  );
}

/** Accounts or collections: each entered once, a column per bureau. */
export function AccountSection({
  api,
  section,
}: {
  api: CheckupApi;
  section: 'accounts' | 'collections';
}) {
  const checkup = api.checkup!;
  const collections = section === 'collections';
  const entries = checkup.accounts.filter((entry) => entry.section === section);
  return (
    <>
      {entries.map((entry, index) => (
        <AccountCard
          key={entry.id}
          api={api}
          entry={entry}
          index={index}
          collections={collections}
        />
      ))}
      <AddButton onClick={() => api.add('accounts', newAccount(section))}>
        {collections ? 'Add a collection' : 'Add an account'}
      </AddButton>
    </>
  );
}

function AccountCard({
  api,
  entry,
  index,
  collections,
}: {
  api: CheckupApi;
  entry: AccountEntry;
  index: number;
  collections: boolean;
}) {
  // An entry already filled in (the sample's, or one entered earlier) opens as a summary; a new
  // one, or one with a value to fix, opens in full, and stays open once the value is fixed: it
  // must not fold under the user's fingers while they type.
  const [open, setOpen] = useState(entry.creditor.trim() === '');
  const hasProblem = api.problems.some((problem) => problem.entryId === entry.id);
  if (hasProblem && !open) setOpen(true);
  return (
    <EntryCard
      title={entry.creditor.trim() || `${collections ? 'Collection' : 'Account'} ${index + 1}`}
      onRemove={() => api.remove('accounts', entry.id)}
    >
      {!open && <AccountSummary entry={entry} api={api} />}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="mt-2 rounded-md px-1 text-sm font-semibold text-brand-800 underline"
      >
        {open ? 'Hide the details' : 'Check or edit what each report shows'}
      </button>
      {open && (
        <>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FormField
              label={collections ? 'Collection agency' : 'Creditor'}
              value={entry.creditor}
              maxLength={CHECKUP_LIMITS.text}
              onChange={(creditor) => api.change('accounts', entry.id, { creditor })}
            />
            <FormField
              label="Account number (last 4 digits)"
              value={entry.accountNumber}
              maxLength={40}
              onChange={(accountNumber) => api.change('accounts', entry.id, { accountNumber })}
            />
            {collections && (
              <FormField
                label="Original creditor"
                value={entry.originalCreditor}
                maxLength={CHECKUP_LIMITS.text}
                onChange={(originalCreditor) =>
                  api.change('accounts', entry.id, { originalCreditor })
                }
              />
            )}
            <FormField
              label="Anything negative?"
              type="select"
              value={entry.negative}
              options={NEGATIVE_KINDS.map((kind) => ({
                value: kind,
                label: NEGATIVE_KIND_LABELS[kind],
              }))}
              onChange={(negative) =>
                api.change('accounts', entry.id, { negative: negative as NegativeKind })
              }
            />
          </div>
          <BureauColumns
            bureaus={api.checkup!.bureaus}
            reports={entry.reports}
            empty={EMPTY_ACCOUNT_FACTS}
            onChange={(reports) => api.change('accounts', entry.id, { reports })}
            error={problemOf(api.problems, entry.id, 'shown')}
          >
            {(bureau, facts, set) => {
              const error = (field: string) =>
                problemOf(api.problems, entry.id, `${bureau}.${field}`);
              return (
                <>
                  <FormField
                    label="Reported as of"
                    type="date"
                    hint="The date this report shows the account's facts for."
                    value={facts.asOf}
                    onChange={(asOf) => set({ ...facts, asOf })}
                  />
                  <FormField
                    label="Balance"
                    value={facts.balance}
                    maxLength={CHECKUP_LIMITS.balance}
                    error={error('balance')}
                    onChange={(balance) => set({ ...facts, balance })}
                  />
                  <FormField
                    label="Status"
                    value={facts.status}
                    maxLength={CHECKUP_LIMITS.text}
                    hint="For example Open, Closed, Paid, Charged off"
                    onChange={(status) => set({ ...facts, status })}
                  />
                  <FormField
                    label={collections ? 'Date opened (by the agency)' : 'Date opened'}
                    type="date"
                    value={facts.dateOpened}
                    error={error('dateOpened')}
                    onChange={(dateOpened) => set({ ...facts, dateOpened })}
                  />
                  <FormField
                    label="Date of first delinquency"
                    type="date"
                    value={facts.dateOfFirstDelinquency}
                    error={error('dateOfFirstDelinquency')}
                    onChange={(dateOfFirstDelinquency) => set({ ...facts, dateOfFirstDelinquency })}
                  />
                  <FormField
                    label="Months reported late"
                    value={facts.lateMonths}
                    maxLength={CHECKUP_LIMITS.lateMonths}
                    hint="For example March 2025, April 2025. Blank if none."
                    onChange={(lateMonths) => set({ ...facts, lateMonths })}
                  />
                </>
              );
            }}
          </BureauColumns>
        </>
      )}
      <div className="mt-3">
        <Checkbox
          label="Not mine: I never opened this account"
          checked={entry.notMine}
          onChange={(notMine) => api.change('accounts', entry.id, { notMine })}
        />
      </div>
    </EntryCard>
  );
}
