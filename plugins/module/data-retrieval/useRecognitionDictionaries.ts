import { useMemo } from 'react';
import { useDictionary } from '@ops/sdk';
import { RECOGNITION_DICTS } from '@ops/contracts';
import type { RecognitionDictionaries } from './recognitionSearch';

/** Every dictionary of the records' coded fields, each asked for once per session (the selects' options, the labels). */
export function useRecognitionDictionaries(): RecognitionDictionaries {
  const kind = useDictionary(RECOGNITION_DICTS.kind);
  const ageBand = useDictionary(RECOGNITION_DICTS.ageBand);
  const gender = useDictionary(RECOGNITION_DICTS.gender);
  const faceAttribute = useDictionary(RECOGNITION_DICTS.faceAttribute);
  const plateColor = useDictionary(RECOGNITION_DICTS.plateColor);
  const vehicleType = useDictionary(RECOGNITION_DICTS.vehicleType);
  const vehicleColor = useDictionary(RECOGNITION_DICTS.vehicleColor);
  const powerType = useDictionary(RECOGNITION_DICTS.powerType);
  const nonMotorType = useDictionary(RECOGNITION_DICTS.nonMotorType);
  const targetType = useDictionary(RECOGNITION_DICTS.targetType);
  return useMemo(
    () => ({ kind, ageBand, gender, faceAttribute, plateColor, vehicleType, vehicleColor, powerType, nonMotorType, targetType }),
    [kind, ageBand, gender, faceAttribute, plateColor, vehicleType, vehicleColor, powerType, nonMotorType, targetType],
  );
}
