import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AddProductModal } from './AddProductModal';

/** A shortcut (Home) that opens the add-product modal where it is; a saved product opens on its own page. */
export function AddProductButton({ className = 'btn btn--small' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Add product
      </button>
      {open && (
        <AddProductModal
          onClose={(saved) => {
            setOpen(false);
            if (saved) void navigate(`/products/${saved.product._id}`);
          }}
        />
      )}
    </>
  );
}
