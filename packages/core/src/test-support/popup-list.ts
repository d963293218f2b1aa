/**
 * To-dos kept in memory and served a page at a time like `popUpBox_select`: the pop-up reminder's own seam
 * (`loadPage`, `handleItem`), for tests of its paging rules that the server's fixed data cannot drive.
 */
import type { PopupItem, PopupPage } from '../messages/message.ts';

export function memoryPopupList(initial: PopupItem[]) {
  let items = initial;
  const loads: number[] = [];
  return {
    /** The pages asked for, in order. */
    loads,
    /** The ids still to do. */
    get ids() {
      return items.map((item) => item.id);
    },
    async loadPage(page: number, size: number): Promise<PopupPage> {
      loads.push(page);
      return {
        list: items.slice((page - 1) * size, page * size),
        total: items.length,
        pages: Math.ceil(items.length / size),
      };
    },
    async handleItem(id: string) {
      items = items.filter((item) => item.id !== id);
    },
  };
}
