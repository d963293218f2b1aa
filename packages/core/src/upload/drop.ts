/**
 * The files of a drop: dropped folders are walked through the File and Directory Entries API
 * (`DataTransferItem.webkitGetAsEntry()`, `FileSystemDirectoryReader.readEntries()` called until it answers an empty
 * batch, since Chromium answers at most 100 entries a call), recursively, and every file inside keeps its path from
 * the dropped folder (`lesson/week1/notes.pdf`), as `webkitRelativePath` does for a folder pick. Where entries are
 * not available (an older browser, a DataTransfer made by a script) the plain files of the drop are taken.
 */

/** A dropped file and its path: `folder/sub/name.ext` inside a dropped folder, else its name. */
export interface DroppedFile {
  file: File;
  path: string;
}

/** The entries of the drop, read now: a DataTransfer's items are only readable while its event is dispatched. */
function entriesOf(transfer: DataTransfer): FileSystemEntry[] | null {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0 || typeof items[0]!.webkitGetAsEntry !== 'function') return null;
  const entries = items.map((item) => item.webkitGetAsEntry());
  return entries.every((entry): entry is FileSystemEntry => entry !== null) ? entries : null;
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

function readFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every entry of a folder: `readEntries` answers in batches until an empty one. */
async function readAll(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Walks an entry into `out`; what cannot be read (removed since, no permission) is left out, the rest is kept. */
async function walk(entry: FileSystemEntry, out: DroppedFile[]): Promise<void> {
  if (isFile(entry)) {
    const file = await readFile(entry).catch(() => null);
    if (file) out.push({ file, path: entry.fullPath.replace(/^\/+/, '') || entry.name });
  } else if (isDirectory(entry)) {
    const children = await readAll(entry).catch(() => [] as FileSystemEntry[]);
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) await walk(child, out);
  }
}

/**
 * The files of a drop, folders expanded (in name order within each folder). Call it from the `drop` handler itself
 * (the entries are taken before its first `await`).
 */
export async function filesFromDrop(transfer: DataTransfer): Promise<DroppedFile[]> {
  const entries = entriesOf(transfer);
  if (!entries) return Array.from(transfer.files ?? []).map((file) => ({ file, path: file.name }));
  const out: DroppedFile[] = [];
  for (const entry of entries) await walk(entry, out);
  return out;
}
