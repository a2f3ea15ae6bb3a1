import { useEffect, useMemo, useState } from 'react';
import { useService } from '../di/useService';
import { loadDictionary } from '../dictionaries/useDictionary';
import { Api } from '../http/ApiCaller';
import { dictionaryTypesOf, labellerOf, labelWithDictionaries } from '../widgets/dictionaryLabels';

/**
 * A panel's data with its codes labelled by the dictionaries its options name (`dictionaries`), read
 * once per session through loadDictionary. `ready` is false while they load, so the widget shows its
 * loading state rather than codes; a dictionary that fails to load leaves the codes (the panel still works).
 */
export function useDictionaryLabels<T>(data: T, options: Record<string, unknown> | undefined): { data: T; ready: boolean } {
  const api = useService(Api);
  const types = dictionaryTypesOf(options).join(',');
  const [loaded, setLoaded] = useState<{ types: string; dictionaries: ReadonlyMap<string, string>[] }>();
  useEffect(() => {
    if (!types) return;
    let current = true;
    Promise.all(types.split(',').map((type) => loadDictionary(api, type))).then(
      (lists) =>
        current &&
        setLoaded({ types, dictionaries: lists.map((list) => new Map(list.map((entry) => [entry.dictValue, entry.dictLabel]))) }),
      () => current && setLoaded({ types, dictionaries: [] }),
    );
    return () => {
      current = false;
    };
  }, [api, types]);
  return useMemo(() => {
    if (!types) return { data, ready: true };
    if (loaded?.types !== types) return { data, ready: false };
    return { data: labelWithDictionaries(data, labellerOf(loaded.dictionaries)), ready: true };
  }, [data, types, loaded]);
}
