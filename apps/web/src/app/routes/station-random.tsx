import { PageFrame } from '../../components/page-frame';
import { messages } from '../../config/messages';
import { StationGacha } from '../../features/stations/components/station-gacha';

/** /search/station/random — 駅ガチャ. */
export function Component() {
  return (
    <PageFrame title="駅ガチャ" subtitle={messages.gacha.intro} maxWidth="sm">
      <StationGacha />
    </PageFrame>
  );
}
