/** What tests leave in the browser and clean after themselves. */

/** Deletes an IndexedDB database (a remember store's); resolves also when it was blocked or never existed. */
export async function deleteDatabase(name: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
