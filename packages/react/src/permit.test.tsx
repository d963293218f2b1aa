import { expect } from '@open-wc/testing';
import { act } from 'react';
import { useReactRoot } from './test-utils.ts';
import type { MenuNode } from '@edu-portal/core/permissions/menu.ts';
import { createPermissionStore, permissions } from '@edu-portal/core/permissions/store.ts';
import { loginAs, logoutServer } from '@edu-portal/core/test-support/server.ts';
import { Permit, PermissionProvider, usePermit } from './permit.tsx';

function node(code: string): MenuNode {
  return { code, name: code, englishName: '', resourceType: 1, menuRoute: '', applicationCode: 'base', children: [] };
}

/** A store whose tree calls the test answers by hand. */
function drivenStore() {
  const pending: ((tree: MenuNode[]) => void)[] = [];
  const store = createPermissionStore({ loadTree: () => new Promise<MenuNode[]>((resolve) => pending.push(resolve)) });
  async function grant(...codes: string[]): Promise<void> {
    await act(async () => {
      const loading = store.load({ userType: 2 }, 'base');
      pending.shift()!(codes.map(node));
      await loading;
    });
  }
  return { store, grant };
}

describe('React permissions: usePermit and <Permit>', () => {
  const view = useReactRoot();

  it('<Permit> renders its children only while any code is permitted, else the fallback', async () => {
    const { store, grant } = drivenStore();
    act(() =>
      view.root.render(
        <PermissionProvider store={store}>
          <Permit codes="base_role">
            <button>role</button>
          </Permit>
          <Permit codes={['x', 'base_unit']} fallback={<span>no unit</span>}>
            <button>unit</button>
          </Permit>
        </PermissionProvider>,
      ),
    );
    expect(view.container.textContent).to.equal('no unit');
    await grant('base_unit');
    expect(view.container.textContent).to.equal('unit');
    await grant('base_role');
    expect(view.container.textContent).to.equal('roleno unit');
    await act(async () => store.reset());
    expect(view.container.textContent).to.equal('no unit');
  });

  it('usePermit follows the store and re-renders only when its answer changes', async () => {
    const { store, grant } = drivenStore();
    let renders = 0;
    function Probe({ codes }: { codes: string }) {
      renders++;
      return <output>{String(usePermit(codes))}</output>;
    }
    act(() =>
      view.root.render(
        <PermissionProvider store={store}>
          <Probe codes="a, b" />
        </PermissionProvider>,
      ),
    );
    expect(view.container.textContent).to.equal('false');
    const denied = renders;
    await act(async () => {
      await store.load({ userType: 3 }, 'base'); // a parent has no tree: still not permitted, no render
    });
    expect(renders).to.equal(denied);
    expect(view.container.textContent).to.equal('false');
    await grant('b');
    expect(view.container.textContent).to.equal('true');
    const before = renders;
    await act(async () => {
      await grant('a'); // another tree that permits it too: the answer is true again after the reload
    });
    expect(view.container.textContent).to.equal('true');
    expect(renders).to.be.greaterThan(before);
    act(() =>
      view.root.render(
        <PermissionProvider store={store}>
          <Probe codes="" />
        </PermissionProvider>,
      ),
    );
    expect(view.container.textContent).to.equal('false');
  });

  it("without a provider it reads core's page store", async () => {
    act(() =>
      view.root.render(
        <Permit codes="base_unit" fallback="hidden">
          shown
        </Permit>,
      ),
    );
    expect(view.container.textContent).to.equal('hidden');
    await act(async () => {
      await permissions.load({ userType: 1 }, 'base'); // no tree for an area officer: nothing is permitted
    });
    expect(view.container.textContent).to.equal('hidden');
    await loginAs('teacher1');
    try {
      await act(async () => {
        await permissions.load({ userType: 2 }, 'base'); // the page client's tree call
      });
      expect(view.container.textContent).to.equal('shown');
    } finally {
      await logoutServer();
    }
    await act(async () => permissions.reset());
    expect(view.container.textContent).to.equal('hidden');
  });
});
