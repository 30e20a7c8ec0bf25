export function App() {
  return (
    <main>
      <h1>Site Identity playground</h1>
    </main>
  );
}
