import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="p-8">
      <h1 className="text-2xl font-bold">Credit Dispute Letters</h1>
    </main>
  </StrictMode>,
);
