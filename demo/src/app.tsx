// The demo host: declarative hash routes (HashRouter + useRoutes). The data router's loaders and actions are unused
// here and cost 17 kB gzip on every page (issue 15).
import { HashRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';

function Routed() {
  return useRoutes(routes);
}

export function App() {
  return (
    <HashRouter>
      <Routed />
    </HashRouter>
  );
}
