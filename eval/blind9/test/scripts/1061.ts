#!/usr/bin/env -S npx tsx
// List CloudWatch alarms for the app's stacks and show which are firing.
// Read-only: DescribeAlarms and GetMetricData only, using the default AWS
// credential chain (SSO profile or env).
import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  GetMetricDataCommand,
  type MetricAlarm,
} from '@aws-sdk/client-cloudwatch';

const REGION = process.env.AWS_REGION ?? 'eu-central-1';
const PREFIX = process.env.ALARM_PREFIX ?? 'app-';
const client = new CloudWatchClient({ region: REGION });

type State = 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';

interface Row {
  name: string;
  state: State;
  since: string;
  metric: string;
  threshold: string;
  recent?: number[];
}

async function* alarms(prefix: string): AsyncGenerator<MetricAlarm> {
  let NextToken: string | undefined;
  do {
    const page = await client.send(new DescribeAlarmsCommand({ AlarmNamePrefix: prefix, NextToken, MaxRecords: 100 }));
    for (const a of page.MetricAlarms ?? []) yield a;
    NextToken = page.NextToken;
  } while (NextToken);
}

async function recentValues(alarm: MetricAlarm): Promise<number[]> {
  if (!alarm.MetricName || !alarm.Namespace) return [];
  const end = new Date();
  const start = new Date(end.getTime() - 60 * 60 * 1000);
  const out = await client.send(
    new GetMetricDataCommand({
      StartTime: start,
      EndTime: end,
      MetricDataQueries: [
        {
          Id: 'm1',
          MetricStat: {
            Metric: { Namespace: alarm.Namespace, MetricName: alarm.MetricName, Dimensions: alarm.Dimensions },
            Period: alarm.Period ?? 300,
            Stat: alarm.Statistic ?? 'Average',
          },
        },
      ],
    }),
  );
  return (out.MetricDataResults?.[0]?.Values ?? []).slice(0, 6).map((v) => Math.round(v * 100) / 100);
}

function toRow(a: MetricAlarm): Row {
  return {
    name: a.AlarmName ?? '?',
    state: (a.StateValue ?? 'INSUFFICIENT_DATA') as State,
    since: a.StateUpdatedTimestamp?.toISOString().slice(0, 16).replace('T', ' ') ?? '-',
    metric: `${a.Namespace}/${a.MetricName}`,
    threshold: `${a.ComparisonOperator?.replace(/Threshold$/, '')} ${a.Threshold}`,
  };
}

const ORDER: Record<State, number> = { ALARM: 0, INSUFFICIENT_DATA: 1, OK: 2 };

async function main(): Promise<number> {
  const raw: MetricAlarm[] = [];
  for await (const a of alarms(PREFIX)) raw.push(a);
  const rows = raw.map(toRow);
  await Promise.all(
    raw.map(async (a, i) => {
      if (a.StateValue === 'ALARM') rows[i].recent = await recentValues(a);
    }),
  );
  rows.sort((x, y) => ORDER[x.state] - ORDER[y.state] || x.name.localeCompare(y.name));
  for (const r of rows) {
    const flag = r.state === 'ALARM' ? '🔥' : r.state === 'OK' ? '  ' : '? ';
    console.log(`${flag} ${r.name.padEnd(44)} ${r.state.padEnd(18)} ${r.since}  ${r.metric} ${r.threshold}`);
    if (r.recent?.length) console.log(`     last values: ${r.recent.join(', ')}`);
  }
  const firing = rows.filter((r) => r.state === 'ALARM').length;
  console.log(`\n${rows.length} alarms in ${REGION}, ${firing} firing`);
  return firing > 0 ? 1 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((e: Error) => {
    console.error(`cloudwatch: ${e.name}: ${e.message}`);
    process.exitCode = 2;
  });
