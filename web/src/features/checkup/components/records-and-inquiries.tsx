import { CHECKUP_LIMITS, type PublicRecordKind } from '@shared/checkup';
import type { CheckupApi } from '../hooks/use-checkup';
import { newInquiry, newPublicRecord } from '../lib/entries';
import { problemOf } from './account-section';
import { BureauColumns } from './bureau-columns';
import { EntryCard } from './entry-card';
import { FormField } from '@/components/form-field';
import { Checkbox } from './checkbox';
import { AddButton } from './section-frame';

/** Bankruptcies, each with the date filed each report shows. */
export function PublicRecordsSection({ api }: { api: CheckupApi }) {
  const checkup = api.checkup!;
  return (
    <>
      {checkup.publicRecords.map((entry, index) => (
        <EntryCard
          key={entry.id}
          title={
            entry.caseNumber.trim()
              ? `Case ${entry.caseNumber.trim()}`
              : `Public record ${index + 1}`
          }
          onRemove={() => api.remove('publicRecords', entry.id)}
        >
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            <FormField
              label="Kind"
              type="select"
              value={entry.kind}
              options={[
                { value: 'chapter-7', label: 'Chapter 7 bankruptcy' },
                { value: 'chapter-13', label: 'Chapter 13 bankruptcy' },
              ]}
              onChange={(kind) =>
                api.change('publicRecords', entry.id, { kind: kind as PublicRecordKind })
              }
            />
            <FormField
              label="Court"
              value={entry.court}
              maxLength={CHECKUP_LIMITS.value}
              onChange={(court) => api.change('publicRecords', entry.id, { court })}
            />
            <FormField
              label="Case number"
              value={entry.caseNumber}
              maxLength={40}
              onChange={(caseNumber) => api.change('publicRecords', entry.id, { caseNumber })}
            />
          </div>
          <BureauColumns
            bureaus={checkup.bureaus}
            reports={entry.reports}
            empty={{ dateFiled: '' }}
            onChange={(reports) => api.change('publicRecords', entry.id, { reports })}
            error={problemOf(api.problems, entry.id, 'shown')}
          >
            {(bureau, facts, set) => (
              <FormField
                label="Date filed"
                type="date"
                value={facts.dateFiled}
                error={problemOf(api.problems, entry.id, `${bureau}.dateFiled`)}
                onChange={(dateFiled) => set({ dateFiled })}
              />
            )}
          </BureauColumns>
          <div className="mt-3">
            <Checkbox
              label="Not mine: I did not file this bankruptcy"
              checked={entry.notMine}
              onChange={(notMine) => api.change('publicRecords', entry.id, { notMine })}
            />
          </div>
        </EntryCard>
      ))}
      <AddButton onClick={() => api.add('publicRecords', newPublicRecord())}>
        Add a bankruptcy
      </AddButton>
    </>
  );
}

/** Hard inquiries: the company, the date each report shows, and whether the user applied. */
export function InquiriesSection({ api }: { api: CheckupApi }) {
  const checkup = api.checkup!;
  return (
    <>
      {checkup.inquiries.map((entry, index) => (
        <EntryCard
          key={entry.id}
          title={entry.creditor.trim() || `Inquiry ${index + 1}`}
          onRemove={() => api.remove('inquiries', entry.id)}
        >
          <FormField
            className="mt-3"
            label="Company"
            value={entry.creditor}
            maxLength={CHECKUP_LIMITS.text}
            onChange={(creditor) => api.change('inquiries', entry.id, { creditor })}
          />
          <BureauColumns
            bureaus={checkup.bureaus}
            reports={entry.reports}
            empty={{ date: '' }}
            onChange={(reports) => api.change('inquiries', entry.id, { reports })}
            error={problemOf(api.problems, entry.id, 'shown')}
          >
            {(bureau, facts, set) => (
              <FormField
                label="Inquiry date"
                type="date"
                value={facts.date}
                error={problemOf(api.problems, entry.id, `${bureau}.date`)}
                onChange={(date) => set({ date })}
              />
            )}
          </BureauColumns>
          <fieldset className="mt-3 min-w-0">
            <legend className="max-w-full text-sm font-semibold [overflow-wrap:anywhere]">
              Did you apply for credit with {entry.creditor.trim() || 'this company'}?
            </legend>
            <div className="mt-2 flex gap-6">
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`applied-${entry.id}`}
                    checked={entry.applied === answer}
                    onChange={() => api.change('inquiries', entry.id, { applied: answer })}
                    className="h-5 w-5"
                  />
                  {answer === 'yes' ? 'Yes' : 'No, I did not apply'}
                </label>
              ))}
            </div>
          </fieldset>
        </EntryCard>
      ))}
      <AddButton onClick={() => api.add('inquiries', newInquiry())}>Add an inquiry</AddButton>
    </>
  );
}
