import { GeneratorGate } from '@/features/tools/generator-gate';

export default GeneratorGate;
