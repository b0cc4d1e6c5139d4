import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </BrowserRouter>
  );
}

/** Shown instead of the app when /config.json is missing or wrong: fail fast, say why. */
export function StartupError({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">Credit Dispute Letters is unavailable</h1>
      <p className="mt-4 text-gray-800">The site could not start: {message}</p>
    </main>
  );
}
