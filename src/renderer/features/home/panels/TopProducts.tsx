import { Link } from 'react-router-dom';
import type { TopProductsWidget } from '../../../../shared/http/home.schemas';
import { kpiChange } from '../../../../shared/rules/kpiChange';
import { formatNumber, formatPercent } from '../../../lib/format';
import { SentimentBar } from '../../videos';

/** The products most mentioned in the period, with their mentions before and the sentiment of those videos. */
export function TopProducts({ body }: { body: TopProductsWidget }) {
  return (
    <table className="home-table">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="home-table__number">Mentions</th>
          <th scope="col" className="home-table__number">Change</th>
          <th scope="col">Sentiment</th>
        </tr>
      </thead>
      <tbody>
        {body.products.map((product) => {
          const change = kpiChange(product.mentions.current, product.mentions.previous);
          return (
            <tr key={product.id}>
              <td>
                <Link to={`/products/${product.id}`}>{product.name}</Link>
              </td>
              <td className="home-table__number">{formatNumber(product.mentions.current)}</td>
              <td className={`home-table__number home-change home-change--${change.direction}`}>
                {/* Numbers keep their sign on the left in a right-to-left page. */}
                <bdi dir="ltr">{change.ratio === null ? (change.direction === 'new' ? 'New' : '—') : `${change.ratio > 0 ? '+' : ''}${formatPercent(change.ratio)}`}</bdi>
              </td>
              <td>
                <SentimentBar positive={product.positive} negative={product.negative} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
