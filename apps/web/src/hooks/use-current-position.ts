import { useCallback, useState } from 'react';
import { messages } from '../config/messages';

export interface Coordinates {
  lat: number;
  lng: number;
}

/** The Japanese message for a failed position request. */
export function geolocationErrorMessage(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return messages.map.geolocationDenied;
    case error.TIMEOUT:
      return messages.map.geolocationTimeout;
    default:
      return messages.map.geolocationUnavailable;
  }
}

/** The device's position on request, with a busy flag and a Japanese error message. */
export function useCurrentPosition(onPosition: (point: Coordinates) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(() => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError(messages.map.geolocationUnsupported);
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(false);
        onPosition({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (positionError) => {
        setBusy(false);
        setError(geolocationErrorMessage(positionError));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }, [onPosition]);

  const clearError = useCallback(() => setError(null), []);
  return { locate, busy, error, clearError };
}
