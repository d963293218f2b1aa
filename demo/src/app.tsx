// The demo host: hash routes (the host's own small router, demo/src/router.tsx).
import { HashRouter, useRoutes } from './router.tsx';
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
