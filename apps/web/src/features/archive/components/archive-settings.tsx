import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArchiveImportReport, CamelCased } from '@ekispot/shared';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-error';
import {
  useArchiveStatus,
  useFollowMatch,
  useImportArchive,
  useRequestArchive,
} from '../api/archive';

const text = messages.archive;
const tall = { minHeight: 44 };

const japanDay = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : messages.form.unexpected;

/** 「データをダウンロード」: ask, watch the bar, download while it lasts. */
function DownloadPart() {
  const status = useArchiveStatus();
  const request = useRequestArchive();
  const archive = status.data?.archive ?? null;
  const busy = archive?.status === 'pending' || archive?.status === 'running';
  const canRequest = !archive || archive.canRequest;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{text.intro}</Typography>
      <Button
        variant="contained"
        sx={tall}
        disabled={!canRequest || busy || request.isPending || status.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending ? text.requesting : text.request}
      </Button>
      {request.isError && <Alert severity="error">{messageOf(request.error)}</Alert>}
      <Box aria-live="polite" sx={{ width: '100%' }}>
        {busy && (
          <Stack spacing={1}>
            <Typography>
              {archive.status === 'pending' ? text.pending : text.running(archive.progress)}
            </Typography>
            <LinearProgress
              variant={archive.progress > 0 ? 'determinate' : 'indeterminate'}
              value={archive.progress}
              aria-label={text.progressLabel}
            />
            <Typography variant="body2" color="text.secondary">
              {text.mailNote}
            </Typography>
          </Stack>
        )}
        {archive?.status === 'ready' && archive.downloadUrl && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {text.ready(archive.expiresAt ? japanDay(archive.expiresAt) : '')}
            </Typography>
            <Button variant="outlined" sx={tall} href={archive.downloadUrl} download>
              {text.download(megabytes(archive.byteSize ?? 0))}
            </Button>
          </Stack>
        )}
        {archive?.status === 'failed' && <Alert severity="error">{text.failed}</Alert>}
        {archive?.status === 'expired' && <Typography>{text.expired}</Typography>}
        {archive && !archive.canRequest && !busy && (
          <Typography variant="body2" color="text.secondary">
            {text.oncePerDay}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function FollowMatches({ report }: { report: CamelCased<ArchiveImportReport> }) {
  const follow = useFollowMatch();
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  if (report.followCandidates.length === 0 && report.unmatchedFollows.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {text.followHeading}
      </Typography>
      <Typography variant="body2">{text.followIntro}</Typography>
      {report.followCandidates.map((member) =>
        member.following || followed.has(member.id) ? (
          <Typography key={member.id}>
            {member.name}（{text.following}）
          </Typography>
        ) : (
          <Button
            key={member.id}
            variant="outlined"
            sx={{ ...tall, alignSelf: 'flex-start' }}
            disabled={follow.isPending}
            onClick={() =>
              follow.mutate(member.id, {
                onSuccess: () => setFollowed((old) => new Set(old).add(member.id)),
              })
            }
          >
            {text.follow(member.name)}
          </Button>
        ),
      )}
      {report.unmatchedFollows.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {text.unmatched(report.unmatchedFollows.join('、'))}
        </Typography>
      )}
    </Stack>
  );
}

/** 「データを取り込む」: one file, a clear report, the follows to confirm one by one. */
function ImportPart() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportArchive();
  const report = importing.data;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file) importing.mutate(file);
  };
  const error =
    importing.error instanceof ApiError
      ? (importing.error.errors?.archive?.[0] ?? importing.error.message)
      : importing.error
        ? messageOf(importing.error)
        : null;
  const added = report?.added;
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {text.importHeading}
      </Typography>
      <Typography variant="body2">{text.importIntro}</Typography>
      <Box>
        <Typography component="label" htmlFor={inputId} sx={{ display: 'block', mb: 0.5 }}>
          {text.chooseFile}
        </Typography>
        <input
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          style={{ minHeight: 44, maxWidth: '100%' }}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Box>
      <Button
        type="submit"
        variant="outlined"
        sx={{ ...tall, alignSelf: 'flex-start' }}
        disabled={!file || importing.isPending}
      >
        {importing.isPending ? text.importing : text.importButton}
      </Button>
      <Box aria-live="polite">
        {error && <Alert severity="error">{error}</Alert>}
        {added && (
          <Alert severity="success">
            {added.posts + added.lists + added.stamps + added.rides === 0 && !added.settings
              ? text.nothingNew
              : text.imported(added)}
            {added.settings && ` ${text.settingsImported}`}
          </Alert>
        )}
      </Box>
      {report && <FollowMatches report={report} />}
    </Stack>
  );
}

/** The settings section (docs/archive.md#in-the-settings). */
export function ArchiveSettings() {
  return (
    <Stack spacing={4}>
      <DownloadPart />
      <ImportPart />
    </Stack>
  );
}
