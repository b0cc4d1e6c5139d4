import { PageTitle } from '@/components/page-title';
import { recordMailedLetter } from '@/features/disputes/lib/record-mailed-letter';
import { GeneratorGate } from '@/features/tools/generator-gate';

export default function ToolsRoute() {
  return (
    <>
      <PageTitle title="Dispute Generator" />
      <GeneratorGate onMailed={recordMailedLetter} />
    </>
  );
}
