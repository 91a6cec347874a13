export function App() {
  return <main>Fortuna</main>;
}
