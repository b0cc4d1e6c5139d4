import { buttonClasses } from '@/components/button-styles';
import type { ExportFormat } from '../lib/export-letter';
import { panelClasses } from './field-styles';

interface ExportOptionsPanelProps {
  onDownloadText: () => void;
  onExport: (format: ExportFormat) => void;
  onPrint: () => void;
}

const button = buttonClasses('secondary', 'w-full justify-start px-3 py-2 text-sm');

export function ExportOptionsPanel({ onDownloadText, onExport, onPrint }: ExportOptionsPanelProps) {
  return (
    <section aria-labelledby="letter-export-title" className={panelClasses}>
      <h2 id="letter-export-title" className="text-lg font-bold">
        Export options
      </h2>
      <p className="mt-1 text-sm text-gray-700">Every format is made in your browser.</p>
      <ul className="mt-3 space-y-2">
        <li>
          <button type="button" onClick={onDownloadText} className={button}>
            Text file (.txt)
          </button>
        </li>
        <li>
          <button type="button" onClick={() => onExport('docx')} className={button}>
            Microsoft Word (.docx)
          </button>
        </li>
        <li>
          <button type="button" onClick={() => onExport('html')} className={button}>
            Google Docs (.html)
          </button>
          <p className="mt-1 text-xs text-gray-700">
            Upload it to Google Drive and open it with Google Docs.
          </p>
        </li>
        <li>
          <button type="button" onClick={onPrint} className={button}>
            Print / Save as PDF
          </button>
        </li>
      </ul>
    </section>
  );
}
