import { PageTitle } from '@/components/page-title';
import { GeneratorGate } from '@/features/tools/generator-gate';

export default function ToolsRoute() {
  return (
    <>
      <PageTitle title="Dispute Generator" />
      <GeneratorGate />
    </>
  );
}
