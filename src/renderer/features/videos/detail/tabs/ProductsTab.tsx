import { formatPrice } from '../../../../lib/format';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useServices } from '../../../../app/useServices';
import { EmptyState } from '../../../../ui/page';
import { resolveMediaUrl } from '../../../../ui/player';
import { RemoteView } from '../../../../ui/remote';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchProducts } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';


/** Products featured in the video (GET /videos/:id/product_details). */
export function ProductsTab({ video, who, slices }: DetailTabProps) {
  const { api, backend } = useServices();
  const request = useCallback(() => fetchProducts(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.products, request);
  return (
    <RemoteView state={state} what="the products in this video" onRetry={() => void reload()}>
      {({ products }) =>
        products.length === 0 ? (
          <EmptyState icon="product" title="No products recognised">
            The analysis found no product in this video.
          </EmptyState>
        ) : (
          <ul className="detail-products">
            {products.map((product) => (
              <li key={product._id} className="detail-product">
                {product.pictures[0] ? (
                  <img className="detail-product__picture" src={resolveMediaUrl(product.pictures[0], backend.origin)} alt="" />
                ) : (
                  <span className="detail-product__picture" aria-hidden="true" />
                )}
                <Link to={`/products/${product._id}`} className="detail-product__name">
                  {product.name}
                </Link>
                <span className="detail-muted">
                  {product.category} · {formatPrice(product.price)}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </RemoteView>
  );
}
