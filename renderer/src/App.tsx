/** The application frame; connections, views and tables arrive with the renderer. */
export function App() {
  return (
    <main>
      <h1>Customer Data Browser</h1>
    </main>
  );
}
