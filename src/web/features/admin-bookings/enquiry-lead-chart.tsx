import { useT } from '../../lib/i18n';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

type Point = { date: string; enquiries: number; leads: number };

/** The Recharts line chart: its own chunk, loaded only when the stats tab shows it. */
export default function EnquiryLeadChart({ data }: { data: Point[] }) {
  const t = useT('operations');
  return (
    <div className="h-80 w-full" data-testid="enquiry-lead-chart">
      <ResponsiveContainer width="100%" height="100%" minWidth={200} minHeight={200}>
        <LineChart data={data} margin={{ top: 10, right: 20, bottom: 10, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="enquiries" name={t('chart.enquiries')} stroke="#0284c7" strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="leads" name={t('chart.leads')} stroke="#7c3aed" strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
