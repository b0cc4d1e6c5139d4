import {
  CHECKUP_LIMITS,
  PERSONAL_KIND_LABELS,
  PERSONAL_KINDS,
  type PersonalKind,
} from '@shared/checkup';
import { BUREAUS } from '@shared/letters';
import type { CheckupApi } from '../hooks/use-checkup';
import { newPersonal } from '../lib/entries';
import { problemOf } from './account-section';
import { EntryCard } from './entry-card';
import { errorClasses } from '@/components/field-styles';
import { FormField } from '@/components/form-field';
import { Checkbox } from './checkbox';
import { AddButton } from './section-frame';

/** Names, addresses, employers, dates of birth and SSN variations, each once, with who shows it. */
export function PersonalSection({ api }: { api: CheckupApi }) {
  const checkup = api.checkup!;
  return (
    <>
      {checkup.personal.map((entry, index) => {
        const shownError = problemOf(api.problems, entry.id, 'shown');
        return (
          <EntryCard
            key={entry.id}
            title={entry.value.trim() || `Personal information ${index + 1}`}
            onRemove={() => api.remove('personal', entry.id)}
          >
            <div className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr]">
              <FormField
                label="What it is"
                type="select"
                value={entry.kind}
                options={PERSONAL_KINDS.map((kind) => ({
                  value: kind,
                  label: PERSONAL_KIND_LABELS[kind],
                }))}
                onChange={(kind) =>
                  api.change('personal', entry.id, { kind: kind as PersonalKind })
                }
              />
              <FormField
                label="What the report shows"
                type={entry.kind === 'date-of-birth' ? 'date' : 'text'}
                value={entry.value}
                maxLength={CHECKUP_LIMITS.value}
                onChange={(value) => api.change('personal', entry.id, { value })}
              />
            </div>
            <fieldset
              className="mt-3 min-w-0"
              aria-describedby={shownError ? `${entry.id}-shown-error` : undefined}
            >
              <legend className="text-sm font-semibold">Which reports show it?</legend>
              {shownError && (
                <p
                  id={`${entry.id}-shown-error`}
                  role="alert"
                  className={`${errorClasses} break-words`}
                >
                  {shownError}
                </p>
              )}
              <div className="mt-2 flex flex-wrap gap-4">
                {checkup.bureaus.map((bureau) => (
                  <Checkbox
                    key={bureau}
                    label={BUREAUS[bureau].name}
                    checked={entry.shownBy.includes(bureau)}
                    onChange={(shown) =>
                      api.change('personal', entry.id, {
                        shownBy: shown
                          ? [...entry.shownBy, bureau]
                          : entry.shownBy.filter((each) => each !== bureau),
                      })
                    }
                  />
                ))}
              </div>
            </fieldset>
            <div className="mt-3">
              <Checkbox
                label={
                  entry.kind === 'date-of-birth'
                    ? 'This date of birth is wrong'
                    : 'This was never mine'
                }
                checked={entry.neverMine}
                onChange={(neverMine) => api.change('personal', entry.id, { neverMine })}
              />
            </div>
          </EntryCard>
        );
      })}
      <AddButton onClick={() => api.add('personal', newPersonal())}>
        Add personal information
      </AddButton>
    </>
  );
}
