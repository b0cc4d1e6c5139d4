import { ENCLOSURES, ENCLOSURE_IDS, type EnclosureId } from '@shared/letters';

interface EnclosureChecklistProps {
  selected: readonly EnclosureId[];
  onChange: (selected: EnclosureId[]) => void;
}

/** What goes in the envelope; the checked items become the letter's enclosures list. */
export function EnclosureChecklist({ selected, onChange }: EnclosureChecklistProps) {
  function toggle(id: EnclosureId, checked: boolean) {
    onChange(ENCLOSURE_IDS.filter((each) => (each === id ? checked : selected.includes(each))));
  }
  return (
    <fieldset className="md:col-span-2">
      <legend className="text-sm font-semibold text-gray-900">Enclosures (optional)</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {ENCLOSURE_IDS.map((id) => (
          <label key={id} className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              checked={selected.includes(id)}
              onChange={(event) => toggle(id, event.target.checked)}
            />
            {ENCLOSURES[id].label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
